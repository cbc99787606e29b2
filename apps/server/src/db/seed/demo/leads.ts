import type { Executor } from '../../client';
import { bulkInsert } from './bulkInsert';
import type { CampaignKey, DemoCampaign } from './campaigns';
import { MARKETERS, SELLERS, type DemoContext } from './context';
import { EN_COMPANIES, EN_FIRST, EN_LAST, EN_PLACES, EN_TITLES, ZH_COMPANIES, ZH_FIRST, ZH_LAST, ZH_PLACES, ZH_TITLES, slug } from './names';

const LEAD_COUNT = 300;
const INDUSTRIES = ['technology', 'finance', 'healthcare', 'manufacturing', 'retail', 'education', 'other'];
const SOURCES: Array<[string, number]> = [['web', 5], ['phone', 2], ['referral', 2], ['trade_show', 2], ['campaign', 3], ['other', 1]];
const STATUSES: Array<[string, number]> = [['new', 5], ['contacted', 4], ['qualified', 3], ['unqualified', 1]];
const RATINGS: Array<[string | null, number]> = [['hot', 2], ['warm', 3], ['cold', 2], [null, 1]];
/** Campaigns a lead with source "campaign" came from (those already started). */
const SOURCE_CAMPAIGNS: Array<[CampaignKey, number]> = [['webinar', 3], ['expo', 2], ['nurture', 3], ['referral', 2], ['social', 2]];

export type DemoLead = {
  id: number; owner: string; ownerId: number; deptId: number | null; company: string; campaign: CampaignKey | null;
  leadSource: string; status: string; createTime: Date; chinese: boolean;
};

/** A few hundred leads across owners, sources, statuses and industries, the campaign ones created while their campaign ran. */
export async function seedLeads(tx: Executor, ctx: DemoContext, campaigns: Map<CampaignKey, DemoCampaign>): Promise<DemoLead[]> {
  const { rand } = ctx;
  const drafts = Array.from({ length: LEAD_COUNT }, (_, i) => {
    const chinese = rand.next() < 0.35;
    const company = rand.next() < 0.7 ? rand.pick(chinese ? ZH_COMPANIES : EN_COMPANIES) : chinese ? `${rand.pick(['新', '华', '宏', '瑞'])}${rand.pick(['达', '通', '信', '盛'])}科技` : `${rand.pick(EN_LAST)} & Co`;
    const first = chinese ? rand.pick(ZH_FIRST) : rand.pick(EN_FIRST);
    const last = chinese ? rand.pick(ZH_LAST) : rand.pick(EN_LAST);
    const place = rand.pick(chinese ? ZH_PLACES : EN_PLACES);
    const source = rand.weighted(SOURCES);
    const owner = rand.next() < 0.15 ? rand.pick(MARKETERS) : rand.pick(SELLERS);
    // Trade-show leads met us at the expo; campaign leads answered one of the running campaigns; some referrals came through the partner programme.
    const campaign: CampaignKey | null =
      source === 'campaign' ? rand.weighted(SOURCE_CAMPAIGNS) : source === 'trade_show' ? 'expo' : source === 'referral' && rand.next() < 0.5 ? 'referral' : null;
    const from = campaign ? campaigns.get(campaign)! : undefined;
    const createTime = from ? ctx.daysAgo(Math.max(0, -from.start - rand.int(0, Math.min(40, -from.start)))) : ctx.daysAgo(rand.int(0, 180));
    const emailName = chinese ? `lead${i + 1}` : `${first}.${last}`.toLowerCase();
    const values = {
      record_type_id: ctx.typeId('leads', source === 'referral' ? 'partner' : 'standard'),
      salutation: chinese ? null : rand.pick(['mr', 'ms', 'mrs', 'dr', null]),
      first_name: first, last_name: last, title: rand.pick(chinese ? ZH_TITLES : EN_TITLES), company,
      email: `${emailName}@${chinese ? `mail${rand.int(1, 9)}.cn` : `${slug(company) || 'example'}.com`}`,
      phone: chinese ? `+86 10 ${rand.int(6000, 8999)} ${rand.int(1000, 9999)}` : `+1 (555) ${rand.int(100, 999)}-${rand.int(1000, 9999)}`,
      mobile: rand.next() < 0.5 ? (chinese ? `13${rand.int(100000000, 999999999)}` : `+1 555 ${rand.int(1000000, 9999999)}`) : null,
      lead_source: source, status: rand.weighted(STATUSES), industry: rand.pick(INDUSTRIES), rating: rand.weighted(RATINGS),
      annual_revenue: rand.next() < 0.6 ? `${rand.int(1, 200) * 50000}.00` : null, employees: rand.next() < 0.6 ? rand.int(5, 2000) : null,
      city: place.city, state: place.state || null, country: place.country, campaign_id: from?.id ?? null,
      description: rand.next() < 0.2 ? (chinese ? '对我们的产品很感兴趣，希望下周安排演示。' : 'Asked for a demo and pricing for their team.') : null,
      ...ctx.owner(owner), create_time: createTime,
    };
    return { owner, campaign, chinese, values };
  });
  const ids = await bulkInsert(tx, 'crm_lead', drafts.map((d) => d.values));
  return drafts.map(({ owner, campaign, chinese, values: v }, i) => ({
    id: ids[i]!, owner, ownerId: v.owner_id, deptId: v.dept_id, company: v.company, campaign,
    leadSource: v.lead_source, status: v.status, createTime: v.create_time, chinese,
  }));
}
