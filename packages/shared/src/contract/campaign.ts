import { z } from 'zod';
import { MAX_LIST_VALUES } from '../crm/fieldTypes';
import type { CrmModule } from '../crm/modules';
import { jsonId, pageQuery } from './common';
import { optionalText, stringValue } from '../validation';

/**
 * Campaign members and figures (`/crm/campaign/{id}/members`, `/crm/campaign/{id}/figures`).
 * A member is a lead or a contact taking part in a campaign, with a member status from
 * crm_campaign_member_status.
 */

/** The modules whose records can be campaign members (the member list's "type"). */
export const CAMPAIGN_MEMBER_MODULES = ['leads', 'contact'] as const satisfies readonly CrmModule[];
export type CampaignMemberModule = (typeof CAMPAIGN_MEMBER_MODULES)[number];
export const isCampaignMemberModule = (module: string): module is CampaignMemberModule => (CAMPAIGN_MEMBER_MODULES as readonly string[]).includes(module);

/**
 * The member statuses that count as a response to a campaign (its "responses" and response rate):
 * the lead answered or came. Sent, opened and unsubscribed do not.
 */
export const CAMPAIGN_RESPONSE_STATUSES = ['responded', 'attended'] as const;

/** How deep "with child campaigns" follows parentCampaignId (a guard: the hierarchy has no cycles, and no real one is this deep). */
export const CAMPAIGN_TREE_DEPTH = 10;

/** `type`: only leads or only contacts (else both). */
export const campaignMembersQuery = z.object({ q: optionalText(100).optional(), type: z.enum(CAMPAIGN_MEMBER_MODULES).optional(), ...pageQuery });

/** JSON numbers only: a coerced `true` or `"1"` would add record 1. */
const personIds = z.array(jsonId).max(MAX_LIST_VALUES * 5);
/** Leads, contacts or both; at least one person. Strict: a stray key (`contactIDs`) is refused and named, not dropped unseen. */
export const addCampaignMembersBody = z
  .strictObject({ leadIds: personIds.optional(), contactIds: personIds.optional(), status: stringValue().max(100).optional() })
  .refine((b) => (b.leadIds?.length ?? 0) + (b.contactIds?.length ?? 0) > 0, { error: 'validation.selectRecord', path: ['leadIds'] });
export const memberStatusBody = z.object({ status: stringValue().min(1).max(100) });
/** "Add the account's contacts to a campaign" (`POST /crm/account/{id}/contacts/addToCampaign`). */
export const addAccountContactsBody = z.strictObject({ campaignId: jsonId, memberStatus: stringValue().max(100).optional() });

/**
 * A row of a campaign's member list: a lead (`leadId`) or a contact (`contactId`), `type` saying
 * which. `company`: the lead's company, or the contact's account name — null when the contact has
 * no account or its account is restricted (then `accountId` is set: "Restricted record").
 */
export type CampaignMember = {
  id: number;
  type: CampaignMemberModule;
  leadId: number | null;
  contactId: number | null;
  name: string;
  company: string | null;
  accountId: number | null;
  status: string;
  createTime: string;
};
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
  /** Of the members, how many are leads and how many contacts. */
  leadMembers: number;
  contactMembers: number;
  responses: number;
  responseRate: number | null;
  convertedLeads: number;
  opportunities: number;
  wonOpportunities: number;
  wonAmount: string;
  actualCost: string | null;
  roi: number | null;
  /** The organisation currency: the one the cost and won amount are in (issue 33). */
  currency: string;
  /** The cost or won amount adds amounts of other currencies, converted at each record's date's rate; absent otherwise. */
  moneyConverted?: true;
};
