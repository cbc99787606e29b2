import type { CampaignFigures, CampaignMemberPage } from '@orbit/shared/contract/campaign';
import { request } from './request';

/** The campaign module's own calls (docs/records-engine.md, "Campaigns"): its members and its figures. */
type Data<T> = { code: number; msg: string; data: T };

export type MemberListParams = { pageNum: number; pageSize: number; q?: string };

export const listCampaignMembers = (campaignId: number, params: MemberListParams) =>
  request<CampaignMemberPage>({ url: `/crm/campaign/${campaignId}/members`, params });

/** Makes leads members of the campaign; answers how many were added (leads already members are skipped). */
export const addCampaignMembers = (campaignId: number, leadIds: number[], status?: string) =>
  request<Data<number>>({ url: `/crm/campaign/${campaignId}/members`, method: 'POST', data: { leadIds, status } });

export const setMemberStatus = (memberId: number, status: string) => request({ url: `/crm/campaign/members/${memberId}`, method: 'PUT', data: { status } });

export const removeCampaignMembers = (memberIds: number[]) => request<Data<number>>({ url: `/crm/campaign/members/${memberIds.join(',')}`, method: 'DELETE' });

export const getCampaignFigures = (campaignId: number, children: boolean) =>
  request<Data<CampaignFigures>>({ url: `/crm/campaign/${campaignId}/figures`, params: { children } });
