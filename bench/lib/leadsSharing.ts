import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/modules/crm/engine/query/sql';
import { demoUsers, vacuumAnalyze } from './benchDatabase';

const SELLERS = ['olivia.park', 'grace.hall', 'noah.king', 'emma.stone', 'liam.brooks'];
const RULE_PREFIX = 'Bench rule:';

/** The two sharing rules of the leads bench: hot new leads to Sales East, gold-tier leads to the sales managers' role. */
function rules(depts: Map<string, number>, roles: Map<string, number>) {
  return [
    {
      name: `${RULE_PREFIX} hot new leads to Sales East`,
      module: 'leads',
      filter: { and: [{ field: 'rating', op: 'eq', value: 'hot' }, { field: 'status', op: 'eq', value: 'new' }] },
      recipientKind: 'dept',
      recipientId: depts.get('Sales East')!,
      canWrite: false,
    },
    {
      name: `${RULE_PREFIX} gold tier to sales managers`,
      module: 'leads',
      filter: { field: 'benchTier', op: 'eq', value: 'gold' },
      recipientKind: 'role',
      recipientId: roles.get('sales_manager')!,
      canWrite: true,
    },
  ];
}

/**
 * Sharing at the bench's size (issue 32, "Speed"): 10 % of the leads shared by hand (with the sellers
 * in turn, a tenth of those with a department), account teams (the rep on a third of the accounts) and
 * two sharing rules saved through the API and recalculated by their background job, waited for.
 * Idempotent: what an earlier run left (its shares are `shared_by` the administrator) goes first;
 * with `reuse`, an earlier run's finished shares and rules are kept as they are (leads.ts --shared-only).
 */
export async function shareLeads(db: Db, appUrl: string, adminToken: string, reuse = false): Promise<{ manual: number; teams: number; ruled: number }> {
  const users = await demoUsers(db);
  const admin = users.get('admin')!.id;
  const depts = new Map((await rowsOf<{ dept_name: string; dept_id: unknown }>(db, sql`select dept_name, dept_id from sys_dept`)).map((d) => [d.dept_name, Number(d.dept_id)]));
  const roles = new Map((await rowsOf<{ role_key: string; role_id: unknown }>(db, sql`select role_key, role_id from sys_role`)).map((r) => [r.role_key, Number(r.role_id)]));
  const auth = { authorization: `Bearer ${adminToken}` };
  // A JSON content type only with a body: Fastify refuses an empty JSON body (a rule's DELETE of an earlier run).
  const api = async (method: string, path: string, body?: unknown) => {
    const init = body === undefined ? { method, headers: auth } : { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const answer = (await (await fetch(`${appUrl}/dev-api${path}`, init)).json()) as { code: number; msg?: string; data?: unknown };
    if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.msg}`);
    return answer.data;
  };

  const earlier = ((await api('GET', '/setup/sharing/rules')) as Array<{ id: number; name: string; state: string }>).filter((r) => r.name.startsWith(RULE_PREFIX));
  if (reuse && earlier.length === 2 && earlier.every((r) => r.state === 'done')) return counted(db);
  for (const rule of (await api('GET', '/setup/sharing/rules')) as Array<{ id: number; name: string }>) {
    if (rule.name.startsWith(RULE_PREFIX)) await api('DELETE', `/setup/sharing/rules/${rule.id}`);
  }
  await db.execute(sql`delete from crm_record_share where module = 'leads' and shared_by = ${admin} and rule_id is null`);
  await db.execute(sql`delete from crm_record_team_member where added_by = ${admin}`);

  const sellers = SELLERS.map((name) => users.get(name)!.id);
  const east = depts.get('Sales East')!;
  await db.execute(
    sql`insert into crm_record_share (module, record_id, recipient_kind, recipient_id, can_write, shared_by)
        select 'leads', id, case when id % 100 = 0 then 'dept' else 'user' end,
               case when id % 100 = 0 then ${east} else (${sql.raw(`array[${sellers.join(',')}]`)}::bigint[])[(id / 10) % ${sellers.length} + 1] end,
               id % 20 = 0, ${admin}
        from crm_lead where id % 10 = 0
        on conflict do nothing`,
  );
  const rep = users.get('olivia.park')!.id;
  await db.execute(
    sql`insert into crm_record_team_member (module, record_id, user_id, team_role, can_write, added_by)
        select 'account', id, ${rep}, 'salesEngineer', false, ${admin} from crm_account where id % 3 = 0 on conflict do nothing`,
  );

  for (const rule of rules(depts, roles)) await api('POST', '/setup/sharing/rules', rule);
  for (;;) {
    const states = ((await api('GET', '/setup/sharing/rules')) as Array<{ name: string; state: string; done: number; total: number | null }>).filter((r) => r.name.startsWith(RULE_PREFIX));
    if (states.some((r) => r.state === 'failed')) throw new Error('a sharing rule failed to recalculate');
    if (states.every((r) => r.state === 'done')) break;
    console.log(`sharing rules: ${states.map((r) => `${r.done}/${r.total ?? '?'}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await vacuumAnalyze(db, 'crm_record_share');
  return counted(db);
}

async function counted(db: Db): Promise<{ manual: number; teams: number; ruled: number }> {
  const [counts] = await rowsOf<{ manual: unknown; teams: unknown; ruled: unknown }>(
    db,
    sql`select (select count(*) from crm_record_share where module = 'leads' and rule_id is null) as manual,
               (select count(*) from crm_record_team_member) as teams,
               (select count(*) from crm_record_share where module = 'leads' and rule_id is not null) as ruled`,
  );
  return { manual: Number(counts!.manual), teams: Number(counts!.teams), ruled: Number(counts!.ruled) };
}
