import type { CampaignFigures, CampaignMemberModule, CampaignMemberPage } from '@orbit/shared/contract/campaign';
import type { CampaignMembership } from '@orbit/shared/contract/crm';
import { request } from './request';

/**
 * The campaign module's own calls (docs/records-engine.md, "Campaigns"): its members (leads and
 * contacts) and its figures, and the ways in from the member modules and accounts.
 */
type Data<T> = { code: number; msg: string; data: T };

export type MemberListParams = { pageNum: number; pageSize: number; q?: string; type?: CampaignMemberModule };

export const listCampaignMembers = (campaignId: number, params: MemberListParams) =>
  request<CampaignMemberPage>({ url: `/crm/campaign/${campaignId}/members`, params });

/** Makes leads and contacts members of the campaign; answers how many were added (people already members are skipped). */
export const addCampaignMembers = (campaignId: number, people: { leadIds?: number[]; contactIds?: number[] }, status?: string) =>
  request<Data<number>>({ url: `/crm/campaign/${campaignId}/members`, method: 'POST', data: { ...people, status } });

export const setMemberStatus = (memberId: number, status: string) => request({ url: `/crm/campaign/members/${memberId}`, method: 'PUT', data: { status } });

export const removeCampaignMembers = (memberIds: number[]) => request<Data<number>>({ url: `/crm/campaign/members/${memberIds.join(',')}`, method: 'DELETE' });

export const getCampaignFigures = (campaignId: number, children: boolean) =>
  request<Data<CampaignFigures>>({ url: `/crm/campaign/${campaignId}/figures`, params: { children } });

/** The list's mass action: makes the selected leads or contacts members of a campaign; answers how many were added. */
export const addRecordsToCampaign = (module: CampaignMemberModule, ids: number[], campaignId: number, memberStatus?: string) =>
  request<Data<number>>({ url: `/crm/${module}/mass/addToCampaign`, method: 'POST', data: { ids, campaignId, memberStatus } });

/** A lead's or contact's campaign memberships (its "campaign history"). */
export const getRecordCampaigns = (module: CampaignMemberModule, id: number) => request<Data<CampaignMembership[]>>({ url: `/crm/${module}/${id}/campaigns` });

/** Makes an account's contacts (those the caller may see) members of a campaign; answers how many were added. */
export const addAccountContactsToCampaign = (accountId: number, campaignId: number, memberStatus?: string) =>
  request<Data<number>>({ url: `/crm/account/${accountId}/contacts/addToCampaign`, method: 'POST', data: { campaignId, memberStatus } });
