import { z } from 'zod';
import { MAX_LIST_VALUES } from '../crm/fieldTypes';
import { id, pageQuery } from './common';
import { optionalText, stringValue } from '../validation';

/**
 * Campaign members and figures (`/crm/campaign/{id}/members`, `/crm/campaign/{id}/figures`).
 * A member is a lead taking part in a campaign, with a member status from crm_campaign_member_status.
 */

/**
 * The member statuses that count as a response to a campaign (its "responses" and response rate):
 * the lead answered or came. Sent, opened and unsubscribed do not.
 */
export const CAMPAIGN_RESPONSE_STATUSES = ['responded', 'attended'] as const;

/** How deep "with child campaigns" follows parentCampaignId (a guard: the hierarchy has no cycles, and no real one is this deep). */
export const CAMPAIGN_TREE_DEPTH = 10;

export const campaignMembersQuery = z.object({ q: optionalText(100).optional(), ...pageQuery });

const leadIds = z.array(id).min(1, { error: 'validation.selectRecord' }).max(MAX_LIST_VALUES * 5);
export const addCampaignMembersBody = z.object({ leadIds, status: stringValue().max(100).optional() });
export const memberStatusBody = z.object({ status: stringValue().min(1).max(100) });

/** A row of a campaign's member list. */
export type CampaignMember = { id: number; leadId: number; leadName: string; company: string | null; status: string; createTime: string };
export type CampaignMemberPage = { code: number; msg: string; total: number; rows: CampaignMember[] };

/** `children=true`: the campaign together with its child campaigns (recursively), else the campaign alone. */
export const campaignFiguresQuery = z.object({ children: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') });

/**
 * A campaign's figures. Amounts are decimal strings (as currency fields are); `responseRate` and
 * `roi` are fractions (0.25 = 25 %), null when undefined (no members; no actual cost).
 * `campaigns`: how many campaigns were counted (1 alone, more with children).
 */
export type CampaignFigures = {
  withChildren: boolean;
  campaigns: number;
  members: number;
  responses: number;
  responseRate: number | null;
  convertedLeads: number;
  opportunities: number;
  wonOpportunities: number;
  wonAmount: string;
  actualCost: string | null;
  roi: number | null;
};
