import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { caller, userIds } from '../helpers/adminApi';
import { withFilter } from '../helpers/crmApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/** The hand-written block at the end of migration 0019, statement by statement. */
function handWrittenBlock(): string[] {
  const file = readFileSync(new URL('../../src/db/migrations/0019_contact_roles_task_name.sql', import.meta.url), 'utf8');
  const block = file.slice(file.lastIndexOf('\n', file.indexOf('Hand-written data changes')));
  return block.split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => /^UPDATE/m.test(s));
}

/**
 * A task's "name" (a lead or a contact) and "related to" (an account, an opportunity, a campaign),
 * as Salesforce's Name and Related To (issue 30): each refuses the other's modules with a clear
 * message, both filter, both make the task show on the record's detail (its related lists and
 * timeline ask by that field), and migration 0019 moves tasks on leads to "name".
 */
describe('task name and related to', () => {
  let app: TestApp;
  let olivia: Call;
  let users: Record<string, number>;
  const tag = `tasknames-${Date.now()}`;
  let lead: number, contact: number, account: number, task: number;

  async function create(module: string, body: Record<string, unknown>): Promise<number> {
    const res = await olivia('POST', `/crm/${module}`, body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    users = await userIds(caller(app, await loginAs(app, 'admin')));
    lead = await create('leads', { lastName: `${tag} Lead`, company: 'Acme' });
    account = await create('account', { name: `${tag} Account`, ownerId: users['olivia.park'] });
    contact = await create('contact', { lastName: `${tag} Contact`, accountId: account, ownerId: users['olivia.park'] });
    task = await create('task', { subject: `${tag} Call`, name: { module: 'contact', id: contact }, relatedTo: { module: 'account', id: account } });
  });
  afterAll(() => app.teardown());

  it('keeps both pointers, named in lookups', async () => {
    const res = await olivia('GET', `/crm/task/${task}`);
    expect(res.body.data).toMatchObject({ name: { module: 'contact', id: contact }, relatedTo: { module: 'account', id: account } });
    expect(res.body.lookups.contact[contact]).toBe(`${tag} Contact`);
    expect(res.body.lookups.account[account]).toBe(`${tag} Account`);
  });

  it('refuses a module a field was not declared for, in both languages, and changes nothing', async () => {
    const wrongName = await olivia('POST', '/crm/task', { subject: `${tag} Bad`, name: { module: 'account', id: account } });
    expect(wrongName.body.code).toBe(400);
    expect(wrongName.body.errors).toEqual({ name: 'Name cannot point at a record of this kind' });
    const version = (await olivia('GET', `/crm/task/${task}`)).body.data.version as number;
    const wrongRelated = await olivia('PUT', '/crm/task', { id: task, version, relatedTo: { module: 'leads', id: lead } }, { 'accept-language': 'zh-CN' });
    expect(wrongRelated.body.errors).toEqual({ relatedTo: '相关记录不能指向此类记录' });
    const contactAsRelated = await olivia('PUT', '/crm/task', { id: task, version, relatedTo: { module: 'contact', id: contact } });
    expect(contactAsRelated.body.errors).toHaveProperty('relatedTo');
    expect((await olivia('GET', `/crm/task/${task}`)).body.data.relatedTo).toEqual({ module: 'account', id: account });
  });

  it('filters on both fields: what each detail page’s task list and timeline ask for', async () => {
    const ids = async (filter: object) => (await olivia('GET', withFilter('/crm/task/list?pageSize=50', filter as never))).body.rows.map((r: { id: number }) => r.id);
    const onLead = await create('task', { subject: `${tag} Lead call`, name: { module: 'leads', id: lead }, relatedTo: { module: 'account', id: account } });
    expect(await ids({ field: 'name', op: 'eq', value: { module: 'contact', id: contact } })).toEqual([task]);
    expect(await ids({ field: 'name', op: 'eq', value: { module: 'leads', id: lead } })).toEqual([onLead]);
    expect((await ids({ field: 'relatedTo', op: 'eq', value: { module: 'account', id: account } })).sort()).toEqual([task, onLead].sort());
  });

  it('each module’s detail lists tasks by the field that can point at it', async () => {
    const meta = async (module: string) => (await olivia('GET', `/crm/meta/${module}`)).body.data as ModuleMeta;
    const taskLists = async (module: string) => (await meta(module)).relatedLists.filter((r) => r.module === 'task').map((r) => r.field);
    expect(await taskLists('leads')).toEqual(['name']);
    expect(await taskLists('contact')).toEqual(['name']);
    expect(await taskLists('account')).toEqual(['relatedTo']);
    expect(await taskLists('opportunity')).toEqual(['relatedTo']);
    expect(await taskLists('campaign')).toEqual(['relatedTo']);
    const fields = (await meta('task')).fields;
    expect(fields.find((f) => f.name === 'name')).toMatchObject({ type: 'relatedRecord', label: 'Name', relatedModules: ['leads', 'contact'] });
  });

  it('migration 0019’s data block moves tasks on leads to "name" and brings old metadata, layouts and views along', async () => {
    // A database as it was before 0019: a task related to a lead, the old field definition, layouts and views without "name".
    const old = await create('task', { subject: `${tag} Old`, name: { module: 'leads', id: lead } });
    await app.db.execute(sql`update crm_task set related_to_module = 'leads', related_to_id = ${lead}, name_module = null, name_id = null where id = ${old}`);
    await app.db.execute(sql`update crm_field set related_modules = array['leads','opportunity','account','campaign'] where module = 'task' and name = 'relatedTo'`);
    await app.db.execute(sql`update crm_layout set sections = (
      select jsonb_agg(jsonb_set(s, '{fields}', coalesce((select jsonb_agg(f) from jsonb_array_elements(s->'fields') f where f->>'field' <> 'name'), '[]'::jsonb)))
      from jsonb_array_elements(sections) s) where module = 'task'`);
    await app.db.execute(sql`update crm_list_view set columns = array_remove(columns, 'name') where module = 'task'`);

    for (const statement of handWrittenBlock()) await app.db.execute(sql.raw(statement));

    const moved = ((await app.db.execute(sql`select name_module, name_id, related_to_id from crm_task where id = ${old}`)) as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!;
    expect([moved.name_module, Number(moved.name_id), moved.related_to_id]).toEqual(['leads', lead, null]);
    const field = ((await app.db.execute(sql`select related_modules from crm_field where module = 'task' and name = 'relatedTo'`)) as unknown as { rows: Array<{ related_modules: string[] }> }).rows[0]!;
    expect(field.related_modules).toEqual(['opportunity', 'account', 'campaign']);
    const layouts = ((await app.db.execute(sql`select sections from crm_layout where module = 'task'`)) as unknown as { rows: Array<{ sections: Array<{ fields: Array<{ field: string }> }> }> }).rows;
    expect(layouts.length).toBeGreaterThan(0);
    for (const layout of layouts) expect(layout.sections[0]!.fields.map((f) => f.field).slice(0, 3)).toEqual(['subject', 'name', 'relatedTo']);
    const views = ((await app.db.execute(sql`select columns from crm_list_view where module = 'task' and built_in`)) as unknown as { rows: Array<{ columns: string[] }> }).rows;
    for (const view of views) expect(view.columns.slice(0, 3)).toEqual(['subject', 'name', 'relatedTo']);
    // Run twice, it changes nothing more.
    for (const statement of handWrittenBlock()) await app.db.execute(sql.raw(statement));
    const again = ((await app.db.execute(sql`select columns from crm_list_view where module = 'task' and built_in`)) as unknown as { rows: Array<{ columns: string[] }> }).rows;
    expect(again).toEqual(views);
    const get = await olivia('GET', `/crm/task/${old}`);
    expect(get.body.data).toMatchObject({ name: { module: 'leads', id: lead }, relatedTo: null });
  });
});
