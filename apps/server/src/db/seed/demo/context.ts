import { sql } from 'drizzle-orm';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import type { Executor } from '../../client';
import { crmRecordType } from '../../schema/crm';
import { calendar, DAY } from './calendar';
import { generator } from './random';

type Person = { userId: number; deptId: number | null; nickName: string };
const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) => (((await db.execute(query)) as unknown as { rows: T[] }).rows);

/** Who sells (reps and the two sales managers, who keep accounts of their own) and who markets. */
export const SELLERS = ['olivia.park', 'grace.hall', 'noah.king', 'emma.stone', 'liam.brooks'] as const;
export const MARKETERS = ['mia.chen', 'lucas.wang'] as const;
/** The stages' conventional win probabilities, used when the stage dictionary carries none. */
const CONVENTIONAL_PROBABILITY: Record<string, number> = {
  prospecting: 10, qualification: 20, needs_analysis: 40, proposal: 60, negotiation: 80, closed_won: 100, closed_lost: 0,
};

/**
 * What every part of the demo draws on: the generator, the clock, the seeded users (a record's
 * owner, department and creator come together, so data scope sees the demo as it sees real work),
 * record types and the stage dictionary.
 */
export async function demoContext(db: Executor, now = new Date()) {
  const rand = generator(20261123);
  const users = new Map(
    (await rowsOf<{ user_id: unknown; dept_id: unknown; user_name: string; nick_name: string }>(db, sql`select user_id, dept_id, user_name, nick_name from sys_user where del_flag = '0'`)).map(
      (r): [string, Person] => [r.user_name, { userId: Number(r.user_id), deptId: r.dept_id === null ? null : Number(r.dept_id), nickName: r.nick_name }],
    ),
  );
  const nickNames = new Map([...users.values()].map((u) => [u.userId, u.nickName]));
  const types = await db.select({ id: crmRecordType.id, module: crmRecordType.module, name: crmRecordType.name }).from(crmRecordType);
  const stageRows = await rowsOf<{ dict_value: string; extra: unknown }>(
    db,
    sql`select dict_value, extra from sys_dict_data where dict_type = ${OPPORTUNITY_STAGE_DICT} and status = '0' order by dict_sort, dict_code`,
  );
  const probability = (stage: string): number => {
    const extra = stageRows.find((r) => r.dict_value === stage)?.extra;
    const value = (typeof extra === 'string' ? (JSON.parse(extra) as Record<string, unknown>) : (extra as Record<string, unknown> | null))?.probability;
    return typeof value === 'number' ? value : (CONVENTIONAL_PROBABILITY[stage] ?? 0);
  };
  const cal = calendar(now);
  return {
    rand,
    now,
    cal,
    stages: stageRows.length ? stageRows.map((r) => r.dict_value) : Object.keys(CONVENTIONAL_PROBABILITY),
    probability,
    user: (name: string) => users.get(name)!,
    userName: (userId: number) => nickNames.get(userId) ?? '',
    /** The owner, department and creator columns of a record owned by `name`. */
    owner(name: string) {
      const u = users.get(name)!;
      return { owner_id: u.userId, dept_id: u.deptId, create_by: u.userId };
    },
    typeId: (module: string, name: string) => types.find((t) => t.module === module && t.name === name)!.id,
    /** A moment within the 24 hours before `days` days ago (never in the future). */
    daysAgo: (days: number) => new Date(now.getTime() - days * DAY - rand.int(1, DAY - 1)),
    /** A random moment between two others. */
    between: (from: Date, to: Date) => new Date(from.getTime() + Math.floor(rand.next() * Math.max(0, to.getTime() - from.getTime()))),
  };
}

export type DemoContext = Awaited<ReturnType<typeof demoContext>>;
