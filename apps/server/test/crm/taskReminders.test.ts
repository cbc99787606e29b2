import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, NEW_USER_PASSWORD, userIds } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;
type Reminder = { id: number; subject: string; read: boolean; dueDate: string | null; relatedTo: { module: string; id: number } | null };

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * Task reminders (the navbar's bell): due ones for their assignee only, with a read / dismissed
 * state kept in the database — so a second app on the same database (another server process)
 * sees what the first one recorded.
 */
describe('task reminders', () => {
  let app: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let ids: Record<string, number>;
  let admin: Call;
  let olivia: Call;
  /** Olivia through the second app instance. */
  let oliviaElsewhere: Call;
  let noah: Call;
  let accountId: number;

  beforeAll(async () => {
    app = await createTestApp();
    other = await buildApp({ config: app.config, db: app.db, logger: false, mailer: { send: async () => {} } });
    await other.ready();
    admin = caller(app, await loginAs(app, 'admin'));
    ids = await userIds(admin);
    const token = await loginAs(app, 'olivia.park');
    olivia = caller(app, token);
    oliviaElsewhere = caller(Object.assign(other, { db: app.db }) as unknown as TestApp, token);
    noah = caller(app, await loginAs(app, 'noah.king'));
    const account = await olivia('POST', '/crm/account', { name: 'Reminder Test Industries' });
    expect(account.body.code, JSON.stringify(account.body)).toBe(200);
    accountId = account.body.data as number;
  });
  afterAll(async () => {
    await other?.close();
    await app.teardown();
  });

  async function createTask(call: Call, body: Record<string, unknown>): Promise<number> {
    const res = await call('POST', '/crm/task', { subject: 'Reminder test', ...body });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as number;
  }
  async function reminders(call: Call) {
    const res = await call('GET', '/crm/task/reminders');
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body as { total: number; unread: number; rows: Reminder[]; lookups: Record<string, Record<string, string>> };
  }
  const version = async (id: number) => ((await olivia('GET', `/crm/task/${id}`)).body.data as { version: number }).version;

  it('lists the assignee’s due reminders only: subject, related record with its name, due date, unread', async () => {
    const due = await createTask(olivia, { subject: 'Send the proposal', reminderAt: minutesFromNow(-30), dueDate: '2026-11-30', relatedTo: { module: 'account', id: accountId } });
    const later = await createTask(olivia, { subject: 'Not yet', reminderAt: minutesFromNow(60) });
    const done = await createTask(olivia, { subject: 'Done already', reminderAt: minutesFromNow(-30), status: 'completed' });
    const noReminder = await createTask(olivia, { subject: 'No reminder' });
    const noahs = await createTask(admin, { subject: 'Noah’s call', reminderAt: minutesFromNow(-10), ownerId: ids['noah.king'] });

    const mine = await reminders(olivia);
    const shown = mine.rows.map((r) => r.id);
    expect(shown).toContain(due);
    for (const id of [later, done, noReminder, noahs]) expect(shown).not.toContain(id);
    const row = mine.rows.find((r) => r.id === due)!;
    expect(row).toMatchObject({ subject: 'Send the proposal', dueDate: '2026-11-30', read: false, relatedTo: { module: 'account', id: accountId } });
    expect(mine.lookups.account?.[accountId]).toBe('Reminder Test Industries');
    expect(mine.unread).toBe(mine.rows.filter((r) => !r.read).length);

    const his = await reminders(noah);
    expect(his.rows.map((r) => r.id)).toContain(noahs);
    expect(his.rows.map((r) => r.id)).not.toContain(due);
  });

  it('read and dismissed persist in the database: a second app instance on the same database agrees', async () => {
    const id = await createTask(olivia, { subject: 'Shared state', reminderAt: minutesFromNow(-5) });
    const before = await reminders(olivia);
    expect(before.rows.find((r) => r.id === id)?.read).toBe(false);

    const read = await olivia('PUT', '/crm/task/reminders/read', { ids: [id] });
    expect(read.body).toMatchObject({ code: 200, data: 1 });
    const elsewhere = await reminders(oliviaElsewhere);
    expect(elsewhere.rows.find((r) => r.id === id)?.read).toBe(true);
    expect(elsewhere.unread).toBe(before.unread - 1);

    const dismissed = await oliviaElsewhere('PUT', '/crm/task/reminders/dismiss', { ids: [id] });
    expect(dismissed.body.code).toBe(200);
    const after = await reminders(olivia);
    expect(after.rows.map((r) => r.id)).not.toContain(id);
    expect(after.total).toBe(before.total - 1);
  });

  it('a changed reminder time makes the reminder due (and unread) again', async () => {
    const id = await createTask(olivia, { subject: 'Moved reminder', reminderAt: minutesFromNow(-20) });
    await olivia('PUT', '/crm/task/reminders/dismiss', { ids: [id] });
    expect((await reminders(olivia)).rows.map((r) => r.id)).not.toContain(id);

    const moved = await olivia('PUT', '/crm/task', { id, version: await version(id), reminderAt: minutesFromNow(-1) });
    expect(moved.body.code).toBe(200);
    expect((await reminders(olivia)).rows.find((r) => r.id === id)).toMatchObject({ read: false });

    // Moved into the future: not due until then.
    await olivia('PUT', '/crm/task', { id, version: await version(id), reminderAt: minutesFromNow(120) });
    expect((await reminders(olivia)).rows.map((r) => r.id)).not.toContain(id);
  });

  it('completed and deleted tasks drop out; a transferred one goes to its new assignee', async () => {
    const completed = await createTask(olivia, { subject: 'To complete', reminderAt: minutesFromNow(-3) });
    const deleted = await createTask(olivia, { subject: 'To delete', reminderAt: minutesFromNow(-3) });
    const transferred = await createTask(olivia, { subject: 'To hand over', reminderAt: minutesFromNow(-3) });
    expect((await reminders(olivia)).rows.map((r) => r.id)).toEqual(expect.arrayContaining([completed, deleted, transferred]));

    await olivia('PUT', '/crm/task', { id: completed, version: await version(completed), status: 'completed' });
    await olivia('DELETE', `/crm/task/${deleted}`);
    await admin('POST', '/crm/task/mass/transfer', { ids: [transferred], ownerId: ids['noah.king'] });
    const shown = (await reminders(olivia)).rows.map((r) => r.id);
    for (const id of [completed, deleted, transferred]) expect(shown).not.toContain(id);
    expect((await reminders(noah)).rows.map((r) => r.id)).toContain(transferred);
  });

  it('mark all read, dismiss all', async () => {
    await createTask(olivia, { subject: 'All one', reminderAt: minutesFromNow(-2) });
    await createTask(olivia, { subject: 'All two', reminderAt: minutesFromNow(-2) });
    expect((await reminders(olivia)).unread).toBeGreaterThanOrEqual(2);
    expect((await olivia('PUT', '/crm/task/reminders/read', { all: true })).body.code).toBe(200);
    const read = await reminders(olivia);
    expect(read.unread).toBe(0);
    expect(read.total).toBeGreaterThanOrEqual(2);
    expect((await olivia('PUT', '/crm/task/reminders/dismiss', { all: true })).body.code).toBe(200);
    expect(await reminders(olivia)).toMatchObject({ total: 0, unread: 0, rows: [] });
  });

  it('someone else’s reminder, or a task that is not due, answers 404 and changes nothing', async () => {
    const noahs = await createTask(admin, { subject: 'Noah only', reminderAt: minutesFromNow(-4), ownerId: ids['noah.king'] });
    const mine = await createTask(olivia, { subject: 'Mine, due', reminderAt: minutesFromNow(-4) });
    const res = await olivia('PUT', '/crm/task/reminders/read', { ids: [mine, noahs] });
    expect(res.body.code).toBe(404);
    expect((await reminders(olivia)).rows.find((r) => r.id === mine)?.read).toBe(false);
    expect((await reminders(noah)).rows.find((r) => r.id === noahs)?.read).toBe(false);
  });

  it('refuses hostile bodies with 400', async () => {
    for (const body of [{ ids: ['1; drop table crm_task'] }, { ids: [-1] }, { ids: [1.5] }, { ids: [] }, { ids: 'all' }, { all: false }, { ids: [1], all: true }, { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, {}]) {
      const res = await olivia('PUT', '/crm/task/reminders/read', body);
      expect(res.body.code, JSON.stringify(body)).toBe(400);
    }
  });

  it('needs task list or query permission', async () => {
    const depts = await deptIds(admin);
    const role = await createRole(admin, 'no_tasks', ['crm:leads:list'], '5');
    await createUser(admin, 'no.tasks', depts['Sales East']!, [role]);
    const outsider = caller(app, await loginAs(app, 'no.tasks', NEW_USER_PASSWORD));
    expect((await outsider('GET', '/crm/task/reminders')).status).toBe(403);
    expect((await outsider('PUT', '/crm/task/reminders/read', { all: true })).status).toBe(403);
  });
});
