import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../client';
import { bulkInsert } from './bulkInsert';
import type { DemoAccount } from './accounts';
import { DAY } from './calendar';
import type { CampaignKey, DemoCampaign } from './campaigns';
import { SELLERS, type DemoContext } from './context';
import { changedRow, createdRow, type DemoHistory } from './history';
import type { DemoLead } from './leads';
import type { DemoOpportunity } from './opportunities';
import { LOST, WON } from './stagePath';

const HOUR = 3_600_000;
/** Tasks were set at least this long ago (longer than the longest overdue delay). */
const SETTLED = 11 * DAY;
const SUBJECTS: Record<Exclude<CrmModule, 'task' | 'contact' | 'activity'>, { en: string[]; zh: string[] }> = {
  leads: { en: ['Call back about pricing', 'Send product brochure', 'Schedule a demo', 'Follow up after the trade show', 'Qualify budget and timeline'], zh: ['电话回访', '发送产品资料', '安排产品演示', '确认预算和时间表'] },
  opportunity: { en: ['Send the proposal', 'Prepare the quote', 'Follow up on the contract', 'Check in with the decision maker', 'Technical review call'], zh: ['发送方案', '准备报价单', '跟进合同', '安排技术交流', '拜访决策人'] },
  account: { en: ['Quarterly business review', 'Renewal check-in', 'Collect feedback on the rollout', 'Update billing contacts'], zh: ['客户季度回访', '续约沟通', '收集上线反馈', '更新开票信息'] },
  campaign: { en: ['Follow up with attendees', 'Invite key customers', 'Review the responses', 'Send thank-you emails'], zh: ['整理参会名单', '邀请重点客户', '准备答谢会邀请名单'] },
};
/** When tasks are due, cycled over the tasks so every owner gets a mix. */
type Due = 'overdue' | 'today' | 'week' | 'later' | 'completed' | 'none';
const DUE_CYCLE: Due[] = ['overdue', 'today', 'week', 'completed', 'later', 'overdue', 'week', 'today', 'completed', 'later', 'none', 'week'];
const PRIORITIES: Array<[string, number]> = [['high', 2], ['normal', 4], ['low', 1]];

type Related = { module: Exclude<CrmModule, 'task' | 'contact' | 'activity'>; id: number; owner: string; createTime: Date; chinese: boolean };

/**
 * Follow-ups across the sellers (and the administrator) on leads, opportunities, accounts and campaigns: some overdue,
 * some due today and this week, some done; some with a reminder that has just come due (the
 * assignee's bell shows it on first start) and some with one coming up.
 */
export async function seedTasks(
  tx: Executor,
  ctx: DemoContext,
  records: { leads: DemoLead[]; opportunities: DemoOpportunity[]; accounts: DemoAccount[]; campaigns: Map<CampaignKey, DemoCampaign>; converted: Set<number> },
): Promise<DemoHistory[]> {
  const { rand, cal } = ctx;
  const now = ctx.now.getTime();
  const sellers = SELLERS as readonly string[];
  /** Records worked on for a while, so their tasks can be overdue without predating them. */
  const settled = (r: { createTime: Date }) => r.createTime.getTime() < now - SETTLED - HOUR;
  const chineseOf = new Map(records.accounts.map((a) => [a.id, a.chinese]));
  const related: Related[] = [
    ...records.leads
      .filter((l) => sellers.includes(l.owner) && !records.converted.has(l.id) && l.status !== 'unqualified' && settled(l))
      .filter((_, i) => i % 7 === 0)
      .slice(0, 24)
      .map((l): Related => ({ module: 'leads', id: l.id, owner: l.owner, createTime: l.createTime, chinese: l.chinese })),
    ...records.opportunities
      .filter((o) => o.stage !== WON && o.stage !== LOST && settled(o))
      .filter((_, i) => i % 2 === 0)
      .slice(0, 28)
      .map((o): Related => ({ module: 'opportunity', id: o.id, owner: o.owner, createTime: o.createTime, chinese: chineseOf.get(o.accountId) ?? false })),
    ...records.accounts
      .filter((_, i) => i % 2 === 1)
      .slice(0, 18)
      .map((a): Related => ({ module: 'account', id: a.id, owner: a.owner, createTime: a.createTime, chinese: a.chinese })),
    // Campaign follow-ups go to the administrator, who (unlike the sellers) sees the campaigns and
    // (unlike marketing) works tasks, and who is the first to sign in to the demo: their bell rings too.
    ...(['expo', 'thankYou', 'webinar', 'nurture', 'social', 'expo', 'referral', 'thankYou', 'nurture', 'expo'] as CampaignKey[]).map((key): Related => {
      const campaign = records.campaigns.get(key)!;
      return { module: 'campaign', id: campaign.id, owner: 'admin', createTime: campaign.createTime, chinese: key === 'thankYou' || key === 'social' };
    }),
  ];

  // A lead is the person a task names (`name`); the rest is the business it is about (`relatedTo`).
  const pointer = (r: Related) =>
    r.module === 'leads'
      ? { name_module: r.module, name_id: r.id, related_to_module: null, related_to_id: null }
      : { name_module: null, name_id: null, related_to_module: r.module, related_to_id: r.id };
  const drafts = related.map((r, i) => {
    const due = DUE_CYCLE[i % DUE_CYCLE.length]!;
    const created = ctx.between(new Date(Math.max(r.createTime.getTime() + HOUR, now - 40 * DAY)), new Date(now - SETTLED));
    const createdOffset = Math.ceil((created.getTime() - now) / DAY);
    const dueOffset: number | null = {
      overdue: rand.int(Math.max(createdOffset, -10), -1),
      today: 0,
      week: Math.min(rand.int(1, 3), cal.daysLeftInWeek),
      later: rand.int(7, 30),
      completed: rand.int(Math.max(createdOffset, -20), 0),
      none: null,
    }[due];
    const completedAt = due === 'completed' ? ctx.between(created, new Date(now - 60_000)) : null;
    // A reminder just due on most of today's and overdue work, one coming up on this week's.
    const reminderAt =
      (due === 'today' || due === 'overdue') && rand.next() < 0.7 ? new Date(now - rand.int(5, 8 * 60) * 60_000)
      : due === 'week' && rand.next() < 0.6 ? new Date(now + rand.int(1, 48) * HOUR)
      : null;
    const subjects = SUBJECTS[r.module][r.chinese ? 'zh' : 'en'];
    return {
      related: r, completedAt,
      values: {
        subject: subjects[i % subjects.length]!, due_date: dueOffset === null ? null : cal.day(dueOffset),
        status: completedAt ? 'completed' : rand.weighted<string>([['not_started', 5], ['in_progress', 3], ['deferred', due === 'later' ? 1 : 0]]),
        priority: rand.weighted(PRIORITIES), ...pointer(r), reminder_at: reminderAt,
        description: rand.next() < 0.25 ? (r.chinese ? '客户希望尽快得到答复。' : 'The customer asked for an answer before the end of the week.') : null,
        completed_at: completedAt, ...ctx.owner(r.owner), create_time: created,
        update_by: completedAt ? ctx.user(r.owner).userId : null, update_time: completedAt, version: completedAt ? 2 : 1,
      },
    };
  });
  const ids = await bulkInsert(tx, 'crm_task', drafts.map((d) => d.values));
  return drafts.flatMap(({ values: v, completedAt }, i) => {
    const id = ids[i]!;
    const created = createdRow(ctx, 'task', id, v.owner_id, v.create_time);
    return completedAt ? [created, changedRow(ctx, 'task', id, { field: 'status', from: 'not_started', to: 'completed', userId: v.owner_id, at: completedAt })] : [created];
  });
}
