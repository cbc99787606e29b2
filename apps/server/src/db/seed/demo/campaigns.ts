import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import { crmCampaign } from '../../schema/crmRecords';
import type { DemoContext } from './context';

export type CampaignKey = 'events' | 'digital' | 'webinar' | 'expo' | 'nurture' | 'referral' | 'thankYou' | 'social';
type CampaignSeed = {
  key: CampaignKey;
  name: string;
  type: string;
  status: string;
  /** Start and end as day offsets from today. */
  start: number;
  end: number;
  budget: string;
  actual: string | null;
  expected: string;
  response: string;
  owner: string;
  parent?: CampaignKey;
  description?: string;
};

/** Two programmes (parents) and the campaigns run under them; the referral programme stands alone. */
const CAMPAIGNS: CampaignSeed[] = [
  { key: 'events', name: '2026 Events', type: 'conference', status: 'active', start: -100, end: 30, budget: '80000.00', actual: '6000.00', expected: '450000.00', response: '10.00', owner: 'lucas.wang', description: 'Trade shows and customer events of the year; shared booth design and logistics are booked here.' },
  { key: 'digital', name: 'Digital Marketing 2026', type: 'other', status: 'active', start: -150, end: 60, budget: '20000.00', actual: '1500.00', expected: '150000.00', response: '5.00', owner: 'mia.chen', description: 'Online programme: webinars, email nurture and social media.' },
  { key: 'webinar', name: 'Spring Product Webinar', type: 'webinar', status: 'completed', start: -120, end: -119, budget: '5000.00', actual: '4200.00', expected: '60000.00', response: '5.00', owner: 'mia.chen', parent: 'digital' },
  { key: 'expo', name: 'Global Tech Expo 2026', type: 'conference', status: 'completed', start: -90, end: -87, budget: '40000.00', actual: '43800.00', expected: '250000.00', response: '5.00', owner: 'lucas.wang', parent: 'events' },
  { key: 'nurture', name: 'Autumn Email Nurture', type: 'email', status: 'active', start: -30, end: 30, budget: '3000.00', actual: '1200.00', expected: '45000.00', response: '5.00', owner: 'mia.chen', parent: 'digital' },
  { key: 'referral', name: 'Partner Referral Program', type: 'other', status: 'active', start: -60, end: 120, budget: '10000.00', actual: '6500.00', expected: '120000.00', response: '5.00', owner: 'lucas.wang' },
  { key: 'thankYou', name: '年度客户答谢会', type: 'conference', status: 'planned', start: 20, end: 21, budget: '25000.00', actual: null, expected: '180000.00', response: '5.00', owner: 'mia.chen', parent: 'events' },
  { key: 'social', name: '社交媒体推广', type: 'social', status: 'active', start: -15, end: 45, budget: '8000.00', actual: '2100.00', expected: '50000.00', response: '5.00', owner: 'lucas.wang', parent: 'digital' },
];

export type DemoCampaign = { key: CampaignKey; id: number; start: number; end: number; owner: string; ownerId: number; createTime: Date };

/** Inserts the campaigns, programmes first (their children point at them); answers them by key. */
export async function seedCampaigns(tx: Executor, ctx: DemoContext): Promise<Map<CampaignKey, DemoCampaign>> {
  const out = new Map<CampaignKey, DemoCampaign>();
  for (const level of [CAMPAIGNS.filter((c) => !c.parent), CAMPAIGNS.filter((c) => c.parent)]) {
    const rows = level.map((c) => ({
      seed: c,
      // Planned some weeks before it starts (a planned campaign too).
      createTime: ctx.daysAgo(Math.max(30, -c.start + 20)),
    }));
    const inserted = await tx
      .insert(crmCampaign)
      .values(
        rows.map(({ seed: c, createTime }) => ({
          name: c.name, type: c.type, status: c.status, active: c.status !== 'completed' && c.status !== 'aborted',
          start_date: ctx.cal.day(c.start), end_date: ctx.cal.day(c.end), parent_campaign_id: c.parent ? out.get(c.parent)!.id : null,
          budgeted_cost: c.budget, actual_cost: c.actual, expected_revenue: c.expected, expected_response: c.response,
          description: c.description ?? null, ...ctx.owner(c.owner), create_time: createTime,
        })) as never,
      )
      .returning({ id: crmCampaign.id, name: sql<string>`name` });
    for (const { seed: c, createTime } of rows) {
      const id = inserted.find((r) => r.name === c.name)!.id;
      out.set(c.key, { key: c.key, id, start: c.start, end: c.end, owner: c.owner, ownerId: ctx.user(c.owner).userId, createTime });
    }
  }
  return out;
}
