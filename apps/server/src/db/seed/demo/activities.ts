import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import { rowsOf } from '../../../modules/crm/engine/query/sql';
import type { DemoAccount } from './accounts';
import { DAY } from './calendar';
import type { DemoContext } from './context';
import { createdRow, type DemoHistory } from './history';
import type { DemoOpportunity } from './opportunities';
import { bulkInsert } from './bulkInsert';
import { LOST, WON } from './stagePath';

const HOUR = 3_600_000;
const TEXT = {
  en: {
    call: ['Intro call', 'Pricing questions', 'Checked on the rollout', 'Renewal call'],
    note: ['Budget confirmed for next quarter', 'Prefers e-mail over calls', 'New IT lead joined in March'],
    meeting: ['Product demo', 'Contract review', 'Quarterly business review'],
    notes: '<p>Talked through the <strong>next steps</strong>; they will come back with the numbers.</p>',
    location: 'Video call',
  },
  zh: {
    call: ['初次沟通', '价格咨询', '上线情况回访', '续约沟通'],
    note: ['已确认下季度预算', '更喜欢邮件沟通', '新的IT负责人三月入职'],
    meeting: ['产品演示', '合同评审', '季度业务回顾'],
    notes: '<p>讨论了<strong>下一步计划</strong>，客户会回复具体数据。</p>',
    location: '视频会议',
  },
};
const OUTCOMES: Array<[string, number]> = [['connected', 5], ['left_voicemail', 2], ['no_answer', 2], ['wrong_number', 1]];

/**
 * Calls, notes and meetings on the demo accounts and open opportunities, by their owners, in the
 * accounts' language: a call with one of the account's people and a note on most accounts, a
 * meeting (past or coming) on open deals with the account's first contact — so every account's
 * timeline has activities, some through its contacts.
 */
export async function seedActivities(tx: Executor, ctx: DemoContext, accounts: DemoAccount[], opportunities: DemoOpportunity[]): Promise<DemoHistory[]> {
  const { rand } = ctx;
  const now = ctx.now.getTime();
  const people = await rowsOf<{ id: unknown; account_id: unknown }>(tx, sql`select id, account_id from crm_contact where account_id is not null and deleted_at is null order by id`);
  const contactsOf = new Map<number, number[]>();
  for (const p of people) contactsOf.set(Number(p.account_id), [...(contactsOf.get(Number(p.account_id)) ?? []), Number(p.id)]);
  const accountOf = new Map(accounts.map((a) => [a.id, a]));
  const rows: Array<Record<string, unknown>> = [];
  const since = (from: Date) => ctx.between(new Date(Math.max(from.getTime() + HOUR, now - 60 * DAY)), new Date(now - HOUR));
  const base = { direction: null, duration_minutes: null, outcome: null, start_at: null, end_at: null, all_day: false, location: null, reminder_minutes: null, notes: null };

  for (const [i, account] of accounts.entries()) {
    const text = TEXT[account.chinese ? 'zh' : 'en'];
    const contacts = contactsOf.get(account.id) ?? [];
    if (contacts.length) {
      rows.push({
        ...base, kind: 'call', subject: text.call[i % text.call.length], name_module: 'contact', name_id: contacts[i % contacts.length],
        related_to_module: 'account', related_to_id: account.id, direction: rand.next() < 0.7 ? 'outbound' : 'inbound',
        duration_minutes: rand.int(3, 40), outcome: rand.weighted(OUTCOMES), notes: rand.next() < 0.5 ? text.notes : null,
        ...ctx.owner(account.owner), create_time: since(account.createTime),
      });
    }
    if (i % 3 !== 2) {
      rows.push({
        ...base, kind: 'note', subject: text.note[i % text.note.length], name_module: null, name_id: null,
        related_to_module: 'account', related_to_id: account.id, notes: `<p>${text.note[i % text.note.length]}</p>`,
        ...ctx.owner(account.owner), create_time: since(account.createTime),
      });
    }
  }
  for (const [i, o] of opportunities.filter((x) => x.stage !== WON && x.stage !== LOST).slice(0, 40).entries()) {
    const account = accountOf.get(o.accountId);
    const text = TEXT[account?.chinese ? 'zh' : 'en'];
    const contact = contactsOf.get(o.accountId)?.[0];
    // Half of the meetings are coming up, half were held.
    const start = new Date(Math.floor((i % 2 ? now + rand.int(1, 10) * DAY : now - rand.int(1, 20) * DAY) / HOUR) * HOUR);
    const created = ctx.between(new Date(Math.max(o.createTime.getTime() + HOUR, Math.min(start.getTime(), now) - 10 * DAY)), new Date(Math.min(start.getTime(), now - HOUR)));
    rows.push({
      ...base, kind: 'meeting', subject: text.meeting[i % text.meeting.length], name_module: contact ? 'contact' : null, name_id: contact ?? null,
      related_to_module: 'opportunity', related_to_id: o.id, start_at: start, end_at: new Date(start.getTime() + HOUR), location: text.location,
      reminder_minutes: 15, ...ctx.owner(o.owner), create_time: created,
    });
  }
  const ids = await bulkInsert(tx, 'crm_activity', rows);
  return rows.map((r, i) => createdRow(ctx, 'activity', ids[i]!, r.owner_id as number, r.create_time as Date));
}
