import type { Executor } from '../../client';
import { bulkInsert } from './bulkInsert';
import type { DemoAccount } from './accounts';
import { DAY } from './calendar';
import type { CampaignKey, DemoCampaign } from './campaigns';
import { SELLERS, type DemoContext } from './context';
import { changedRow, createdRow, type DemoHistory } from './history';
import type { DemoLead } from './leads';
import { LOST, WON, openStages, stagePath, stageTimes, workingMoment } from './stagePath';

/** What was sold: [English, Chinese, opportunity type]. */
const PRODUCTS: Array<[string, string, string]> = [
  ['Platform rollout', '平台部署', 'new_business'], ['Annual licence', '年度许可', 'new_business'], ['Pilot project', '试点项目', 'new_business'],
  ['Seat expansion', '扩容', 'existing_upgrade'], ['Analytics add-on', '数据分析模块', 'existing_upgrade'], ['Data migration', '数据迁移', 'existing_upgrade'],
  ['Support renewal', '维保续约', 'existing_renewal'], ['Subscription renewal', '订阅续约', 'existing_renewal'],
];
const NEXT_STEPS: Array<[string, string]> = [
  ['Schedule a demo', '安排产品演示'], ['Send the proposal', '发送方案'], ['Technical review with IT', '与信息部做技术评审'],
  ['Meet the decision maker', '拜访决策人'], ['Negotiate terms', '商谈合同条款'], ['Prepare the contract', '准备合同'],
];
const LOSS_REASONS: Array<[string, string]> = [
  ['Chose a competitor', '选择了竞争对手'], ['Price too high', '价格过高'], ['No budget this year', '今年没有预算'],
  ['Project cancelled', '项目取消'], ['No decision made', '客户未做决定'],
];
const SOURCES = ['web', 'phone', 'referral', 'trade_show', 'other'];
/** The reps of each sales manager's department. */
const TEAMS: Record<string, string[]> = { 'emma.stone': ['olivia.park', 'grace.hall'], 'liam.brooks': ['noah.king'] };

/**
 * The opportunities converted leads became, by campaign: the expo's bring in more than it cost, the
 * webinar's less (so the campaign figures show a positive and a negative ROI), the recent campaigns'
 * are still open. [stage or 'open', smallest and largest amount in thousands].
 */
const CONVERSION_PLAN: Record<CampaignKey | 'none', Array<[string, number, number]>> = {
  expo: [[WON, 60, 150], [WON, 40, 90], ['open', 30, 120], [LOST, 20, 80], [WON, 25, 60], ['open', 20, 60]],
  webinar: [[LOST, 10, 30], [WON, 2, 3], [LOST, 5, 20], ['open', 10, 40]],
  nurture: [['open', 5, 40], ['open', 8, 30], [LOST, 5, 15]],
  referral: [[WON, 15, 60], ['open', 20, 80], [LOST, 10, 30], ['open', 10, 50]],
  social: [['open', 5, 20], ['open', 5, 25]],
  events: [], digital: [], thankYou: [],
  none: [[WON, 10, 200], ['open', 5, 150], [LOST, 5, 100], ['open', 10, 250], [WON, 20, 120], ['open', 5, 80], [WON, 15, 90], ['open', 10, 60], [LOST, 10, 40], ['open', 20, 150]],
};
/** Opportunities opened on accounts directly (not from a lead), closed in each past quarter. */
const CLOSED_PER_PAST_QUARTER = 17;

export type DemoOpportunity = {
  id: number; name: string; accountId: number; owner: string; ownerId: number; deptId: number | null; stage: string;
  closeDate: string; createTime: Date; campaign: CampaignKey | null; sourceLeadId: number | null;
};
export type Conversion = { lead: DemoLead; account: DemoAccount; opportunityIndex: number; at: Date };

type Draft = {
  account: DemoAccount; owner: string; stage: string; closeOffset: number; created: Date; amountK: number;
  lead?: DemoLead; campaign: CampaignKey | null;
};

/**
 * The pipeline: opportunities over the accounts with close dates over this quarter and the last
 * four (closed ones in the past, open ones mostly this and next quarter), each with the stage
 * history that brought it to its stage, and the leads converted into them.
 */
export async function seedOpportunities(
  tx: Executor,
  ctx: DemoContext,
  accounts: DemoAccount[],
  leads: DemoLead[],
  campaigns: Map<CampaignKey, DemoCampaign>,
): Promise<{ opportunities: DemoOpportunity[]; conversions: Conversion[]; history: DemoHistory[] }> {
  const { rand, cal } = ctx;
  const now = ctx.now.getTime();
  /** Mostly the account's owner; a manager's accounts are often worked by the reps of their team. */
  const sellerOf = (account: DemoAccount) => {
    const team = TEAMS[account.owner];
    if (team && rand.next() < 0.6) return rand.pick(team);
    return rand.next() < 0.85 ? account.owner : rand.pick(SELLERS);
  };
  const open = openStages(ctx);
  const drafts: Draft[] = [];
  const conversions: Array<Omit<Conversion, 'opportunityIndex'> & { draft: Draft }> = [];
  const thisQuarter = cal.quarter(0);
  const nextQuarter = cal.quarter(1);
  /** A close date offset for an open deal: mostly this quarter (what is left of it), else next, a few slipped into the past. */
  const openCloseOffset = () => {
    const roll = rand.next();
    if (roll < 0.06) return -rand.int(1, 20);
    if (roll < 0.65 && thisQuarter.last >= 1) return rand.int(1, thisQuarter.last);
    return rand.int(nextQuarter.first, nextQuarter.last);
  };
  /** The later the close date, the earlier the stage. */
  const openStageFor = (closeOffset: number) => {
    const late = closeOffset > thisQuarter.last;
    return rand.weighted(open.map((s, i): [string, number] => [s, late ? open.length - i : i + 1]));
  };
  /** Accounts that were in the CRM a month before a day (a deal is not older than its account). */
  const accountsBefore = (offset: number) => {
    const known = accounts.filter((a) => a.createTime.getTime() < now + (offset - 30) * DAY);
    return known.length ? known : accounts.filter((a) => a.parentId === null);
  };

  // Converted leads: those a seller worked for a while, whose company is one of the accounts.
  const byName = new Map(accounts.filter((a) => a.parentId === null).map((a) => [a.name, a]));
  const taken = new Set<number>();
  for (const [key, plan] of Object.entries(CONVERSION_PLAN) as Array<[CampaignKey | 'none', Array<[string, number, number]>]>) {
    const candidates = leads.filter(
      (l) => (l.campaign ?? 'none') === key && byName.has(l.company) && (SELLERS as readonly string[]).includes(l.owner) && l.status !== 'unqualified' && now - l.createTime.getTime() > 10 * DAY,
    );
    for (const [i, [planned, low, high]] of plan.entries()) {
      const lead = candidates[i * 2];
      if (!lead || taken.has(lead.id)) continue;
      taken.add(lead.id);
      // A deal meant to be closed was converted weeks ago, in time to close.
      const earliest = lead.createTime.getTime() + 3 * DAY;
      const at = ctx.between(new Date(earliest), new Date(Math.max(earliest, now - (planned === 'open' ? 2 : 25) * DAY)));
      const atOffset = Math.ceil((at.getTime() - now) / DAY);
      // A deal converted in the last weeks has not closed yet.
      const stage = planned === 'open' || atOffset > -20 ? openStageFor(thisQuarter.last) : planned;
      const closeOffset = stage === WON || stage === LOST ? rand.int(atOffset + 14, -1) : Math.max(1, openCloseOffset());
      const draft: Draft = { account: byName.get(lead.company)!, owner: lead.owner, stage, closeOffset, created: at, amountK: rand.int(low, high), lead, campaign: lead.campaign };
      drafts.push(draft);
      conversions.push({ lead, account: draft.account, at, draft });
    }
  }

  // Deals opened on the accounts: closed in each of the last four quarters and this one so far, and the open pipeline.
  const closedDraft = (closeOffset: number) => {
    const account = rand.pick(accountsBefore(closeOffset - 120));
    const stage = rand.next() < 0.55 ? WON : LOST;
    const created = new Date(workingMoment(ctx, closeOffset).getTime() - rand.int(20, 120) * DAY);
    drafts.push({ account, owner: sellerOf(account), stage, closeOffset, created, amountK: rand.int(5, 250), campaign: null });
  };
  for (let q = -4; q <= -1; q++) {
    const { first, last } = cal.quarter(q);
    for (let i = 0; i < CLOSED_PER_PAST_QUARTER; i++) closedDraft(rand.int(first, last));
  }
  for (let i = 0; i < 10; i++) closedDraft(rand.int(thisQuarter.first, 0));
  for (let i = 0; i < 60; i++) {
    const closeOffset = openCloseOffset();
    const account = rand.pick(accountsBefore(-150));
    const created = ctx.daysAgo(rand.int(7, closeOffset > thisQuarter.last ? 45 : 150));
    drafts.push({ account, owner: sellerOf(account), stage: openStageFor(closeOffset), closeOffset, created, amountK: rand.int(5, 250), campaign: null });
  }
  // Every stage of the dictionary has deals on the board.
  for (const stage of ctx.stages.filter((s) => !drafts.some((d) => d.stage === s))) {
    const account = rand.pick(accountsBefore(-10));
    const closed = stage === WON || stage === LOST;
    const closeOffset = closed ? rand.int(thisQuarter.first, 0) : openCloseOffset();
    const created = closed ? new Date(workingMoment(ctx, closeOffset).getTime() - 30 * DAY) : ctx.daysAgo(30);
    drafts.push({ account, owner: sellerOf(account), stage, closeOffset, created, amountK: rand.int(5, 250), campaign: null });
  }

  const history: DemoHistory[] = [];
  const paths = drafts.map((d) => stagePath(ctx, d.stage));
  const rows = drafts.map((d, i) => {
    const path = paths[i]!;
    const closed = d.stage === WON || d.stage === LOST;
    // An open deal last moved in the last few days (at most half its life ago).
    const end = closed ? workingMoment(ctx, d.closeOffset) : new Date(now - rand.next() * Math.min(4 * DAY, (now - d.created.getTime()) / 2));
    const times = stageTimes(ctx, d.created, end, path.length);
    const ownerId = ctx.user(d.owner).userId;
    const [en, zh, type] = rand.pick(PRODUCTS);
    const lossReason = rand.pick(LOSS_REASONS);
    const nextStep = rand.pick(NEXT_STEPS);
    return {
      path, times, ownerId,
      values: {
        name: `${d.account.name} - ${d.account.chinese ? zh : en}`, account_id: d.account.id, close_date: cal.day(d.closeOffset), stage: d.stage,
        probability: String(ctx.probability(d.stage)), amount: `${d.amountK * 1000}.00`, type,
        lead_source: d.lead ? d.lead.leadSource : rand.next() < 0.7 ? rand.pick(SOURCES) : null,
        next_step: closed ? null : d.account.chinese ? nextStep[1] : nextStep[0],
        campaign_id: d.campaign ? campaigns.get(d.campaign)!.id : null,
        loss_reason: d.stage === LOST ? (d.account.chinese ? lossReason[1] : lossReason[0]) : null,
        source_lead_id: d.lead?.id ?? null,
        ...ctx.owner(d.owner), create_time: times[0]!,
        update_by: path.length > 1 ? ownerId : null, update_time: path.length > 1 ? times[times.length - 1]! : null, version: path.length,
      },
    };
  });
  const ids = await bulkInsert(tx, 'crm_opportunity', rows.map((r) => r.values));
  const opportunities = rows.map(({ path, times, ownerId, values: v }, i): DemoOpportunity => {
    const id = ids[i]!;
    history.push(createdRow(ctx, 'opportunity', id, ownerId, times[0]!));
    for (let s = 1; s < path.length; s++) history.push(changedRow(ctx, 'opportunity', id, { field: 'stage', from: path[s - 1]!, to: path[s]!, userId: ownerId, at: times[s]! }));
    const d = drafts[i]!;
    return {
      id, name: v.name, accountId: v.account_id, owner: d.owner, ownerId, deptId: v.dept_id, stage: v.stage, closeDate: v.close_date,
      createTime: times[0]!, campaign: d.campaign, sourceLeadId: v.source_lead_id,
    };
  });
  return {
    opportunities, history,
    conversions: conversions.map(({ draft, ...c }) => ({ ...c, opportunityIndex: drafts.indexOf(draft) })),
  };
}
