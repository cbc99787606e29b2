import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import { rowsOf } from '../../../modules/crm/engine/query/sql';
import type { DemoAccount } from './accounts';
import type { DemoContext } from './context';

/**
 * A few account teams and a sharing rule (docs/architecture.md, "Sharing"): Grace (Key Accounts
 * East) is a sales engineer, read-only, on two of Noah's (Sales West) accounts and their
 * opportunities and contacts, and account manager, read/write, on one of Liam's; Liam is executive
 * sponsor, read-only, on one of Olivia's. The rule "Won deals to Key Accounts East" shares every
 * closed-won opportunity with that department, read-only — its shares written here as its
 * recalculation job would write them (sharing/sharingRules.ts), so the demo starts recalculated.
 */
export async function seedTeams(tx: Executor, ctx: DemoContext, accounts: DemoAccount[]): Promise<void> {
  const grace = ctx.user('grace.hall');
  const liam = ctx.user('liam.brooks');
  const admin = ctx.user('admin');
  const of = (owner: string) => accounts.filter((a) => a.owner === owner);
  const members = [
    ...of('noah.king').slice(0, 2).map((a) => ({ account: a, userId: grace.userId, role: 'salesEngineer', canWrite: false })),
    ...of('liam.brooks').slice(0, 1).map((a) => ({ account: a, userId: grace.userId, role: 'accountManager', canWrite: true })),
    ...of('olivia.park').slice(0, 1).map((a) => ({ account: a, userId: liam.userId, role: 'executiveSponsor', canWrite: false })),
  ];
  if (members.length) {
    const values = members.map((m) => sql`('account', ${m.account.id}, ${m.userId}, ${m.role}, ${m.canWrite}, ${m.account.ownerId})`);
    await tx.execute(sql`insert into crm_record_team_member (module, record_id, user_id, team_role, can_write, added_by) values ${sql.join(values, sql`, `)}`);
  }
  if (grace.deptId === null) return;
  const filter = { field: 'stage', op: 'eq', value: 'closed_won' };
  const [rule] = await rowsOf<{ id: unknown }>(
    tx,
    sql`insert into crm_sharing_rule (name, module, filter, recipient_kind, recipient_id, can_write, state, create_by, update_time)
        values ('Won deals to Key Accounts East', 'opportunity', ${JSON.stringify(filter)}::jsonb, 'dept', ${grace.deptId}, false, 'done', ${admin.userId}, date_trunc('milliseconds', now()))
        returning id`,
  );
  await tx.execute(
    sql`insert into crm_record_share (module, record_id, recipient_kind, recipient_id, can_write, shared_by, rule_id)
        select 'opportunity', id, 'dept', ${grace.deptId}, false, ${admin.userId}, ${Number(rule!.id)} from crm_opportunity where stage = 'closed_won'`,
  );
  await tx.execute(sql`update crm_sharing_rule set done = (select count(*) from crm_opportunity), total = (select count(*) from crm_opportunity) where id = ${Number(rule!.id)}`);
}
