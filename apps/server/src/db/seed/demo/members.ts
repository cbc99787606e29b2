import type { Executor } from '../../client';
import { bulkInsert } from './bulkInsert';
import type { CampaignKey, DemoCampaign } from './campaigns';
import type { DemoContext } from './context';
import type { DemoLead } from './leads';

/** How the members of each campaign answered. */
const STATUSES: Partial<Record<CampaignKey, Array<[string, number]>>> = {
  expo: [['attended', 5], ['responded', 2], ['sent', 1]],
  webinar: [['attended', 3], ['responded', 2], ['opened', 2], ['sent', 2]],
  nurture: [['opened', 3], ['responded', 2], ['sent', 4], ['unsubscribed', 1]],
  referral: [['responded', 4], ['sent', 1]],
  social: [['opened', 3], ['responded', 2], ['sent', 2]],
};
/** Leads invited besides those the campaign brought in: [campaign, how many, which leads]. */
const INVITATIONS: Array<[CampaignKey, number, (l: DemoLead, converted: boolean) => boolean]> = [
  // The customer thank-you event invites the contacts who became customers, and some qualified leads.
  ['thankYou', 30, (l, converted) => converted || l.status === 'qualified'],
  ['nurture', 40, (l) => l.leadSource === 'web' && l.status !== 'unqualified'],
  ['webinar', 20, (l) => l.leadSource === 'web'],
];

/**
 * Campaign members: every lead a campaign brought in (those converted having responded or
 * attended), and the leads invited to the email nurture, the webinar and the coming thank-you event.
 */
export async function seedMembers(tx: Executor, ctx: DemoContext, leads: DemoLead[], campaigns: Map<CampaignKey, DemoCampaign>, converted: Set<number>): Promise<number> {
  const { rand } = ctx;
  const rows: Array<{ campaign_id: number; lead_id: number; status: string; create_by: number; create_time: Date }> = [];
  const seen = new Set<string>();
  const add = (key: CampaignKey, lead: DemoLead, status: string) => {
    const campaign = campaigns.get(key)!;
    if (seen.has(`${campaign.id}:${lead.id}`)) return;
    seen.add(`${campaign.id}:${lead.id}`);
    const since = new Date(Math.max(lead.createTime.getTime(), campaign.createTime.getTime()));
    rows.push({ campaign_id: campaign.id, lead_id: lead.id, status, create_by: campaign.ownerId, create_time: ctx.between(since, ctx.now) });
  };
  for (const lead of leads) {
    if (!lead.campaign) continue;
    const statuses = STATUSES[lead.campaign] ?? [['sent', 1]];
    add(lead.campaign, lead, converted.has(lead.id) ? rand.pick(['responded', 'attended']) : rand.weighted(statuses));
  }
  for (const [key, count, invited] of INVITATIONS) {
    const statuses: Array<[string, number]> = key === 'thankYou' ? [['sent', 1]] : [['sent', 3], ['opened', 2]];
    for (const lead of leads.filter((l) => invited(l, converted.has(l.id))).slice(0, count)) add(key, lead, rand.weighted(statuses));
  }
  await bulkInsert(tx, 'crm_campaign_member', rows, false);
  return rows.length;
}
