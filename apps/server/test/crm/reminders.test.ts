import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, NEW_USER_PASSWORD, userIds } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;
type Reminder = { module: string; id: number; subject: string; read: boolean; due: string | null; dueKind: string; remindAt: string; about: { module: string; id: number } | null };

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const task = (id: number) => ({ module: 'task', id });

/**
 * Reminders (the navbar's bell): tasks' due ones for their assignee only, meetings' for their owner
 * and user attendees, with a read / dismissed state kept in the database — so a second app on the
 * same database (another server process) sees what the first one recorded.
 */
describe('reminders', () => {
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
    const res = await call('GET', '/crm/reminders');
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
    const shown = mine.rows.filter((r) => r.module === 'task').map((r) => r.id);
    expect(shown).toContain(due);
    for (const id of [later, done, noReminder, noahs]) expect(shown).not.toContain(id);
    const row = mine.rows.find((r) => r.id === due)!;
    expect(row).toMatchObject({ module: 'task', subject: 'Send the proposal', due: '2026-11-30', dueKind: 'due', read: false, about: { module: 'account', id: accountId } });
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

    const read = await olivia('PUT', '/crm/reminders/read', { items: [task(id)] });
    expect(read.body).toMatchObject({ code: 200, data: 1 });
    const elsewhere = await reminders(oliviaElsewhere);
    expect(elsewhere.rows.find((r) => r.id === id)?.read).toBe(true);
    expect(elsewhere.unread).toBe(before.unread - 1);

    const dismissed = await oliviaElsewhere('PUT', '/crm/reminders/dismiss', { items: [task(id)] });
    expect(dismissed.body.code).toBe(200);
    const after = await reminders(olivia);
    expect(after.rows.map((r) => r.id)).not.toContain(id);
    expect(after.total).toBe(before.total - 1);
  });

  it('a changed reminder time makes the reminder due (and unread) again', async () => {
    const id = await createTask(olivia, { subject: 'Moved reminder', reminderAt: minutesFromNow(-20) });
    await olivia('PUT', '/crm/reminders/dismiss', { items: [task(id)] });
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
    expect((await olivia('PUT', '/crm/reminders/read', { all: true })).body.code).toBe(200);
    const read = await reminders(olivia);
    expect(read.unread).toBe(0);
    expect(read.total).toBeGreaterThanOrEqual(2);
    expect((await olivia('PUT', '/crm/reminders/dismiss', { all: true })).body.code).toBe(200);
    expect(await reminders(olivia)).toMatchObject({ total: 0, unread: 0, rows: [] });
  });

  it('someone else’s reminder, or a task that is not due, answers 404 and changes nothing', async () => {
    const noahs = await createTask(admin, { subject: 'Noah only', reminderAt: minutesFromNow(-4), ownerId: ids['noah.king'] });
    const mine = await createTask(olivia, { subject: 'Mine, due', reminderAt: minutesFromNow(-4) });
    const res = await olivia('PUT', '/crm/reminders/read', { items: [task(mine), task(noahs)] });
    expect(res.body.code).toBe(404);
    expect((await reminders(olivia)).rows.find((r) => r.id === mine)?.read).toBe(false);
    expect((await reminders(noah)).rows.find((r) => r.id === noahs)?.read).toBe(false);
  });

  it('refuses hostile bodies with 400', async () => {
    const items = (ids: unknown[]) => ({ items: ids.map((id) => ({ module: 'task', id })) });
    for (const body of [
      items(['1; drop table crm_task']), items([-1]), items([1.5]), { items: [] }, { items: 'all' }, { all: false }, { ...items([1]), all: true },
      items(Array.from({ length: 501 }, (_, i) => i + 1)), {}, { items: [{ module: 'crm_task; --', id: 1 }] }, { items: [{ module: 'task', id: 1, extra: 1 }] }, { ids: [1] },
    ]) {
      const res = await olivia('PUT', '/crm/reminders/read', body);
      expect(res.body.code, JSON.stringify(body)).toBe(400);
    }
  });

  it('a user who may list neither tasks nor activities has no reminders, and may clear none', async () => {
    const depts = await deptIds(admin);
    const role = await createRole(admin, 'no_tasks', ['crm:leads:list'], '5');
    const outsiderId = await createUser(admin, 'no.tasks', depts['Sales East']!, [role]);
    await createTask(admin, { subject: 'Assigned to an outsider', reminderAt: minutesFromNow(-4), ownerId: outsiderId });
    const outsider = caller(app, await loginAs(app, 'no.tasks', NEW_USER_PASSWORD));
    expect(await reminders(outsider)).toMatchObject({ total: 0, unread: 0, rows: [] });
    expect((await outsider('PUT', '/crm/reminders/read', { all: true })).body).toMatchObject({ code: 200, data: 0 });
    expect((await outsider('PUT', '/crm/reminders/read', { items: [task(1)] })).body.code).toBe(404);
  });

  describe('meetings', () => {
    async function meeting(call: Call, body: Record<string, unknown>): Promise<number> {
      const res = await call('POST', '/crm/activity', { kind: 'meeting', subject: 'Meeting', relatedTo: { module: 'account', id: accountId }, ...body });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as number;
    }
    const meetingsOf = async (call: Call) => (await reminders(call)).rows.filter((r) => r.module === 'activity');

    it('remind their owner and their user attendees — even one outside the owner’s data scope — at the start less the minutes before', async () => {
      const startAt = minutesFromNow(10);
      const id = await meeting(olivia, { subject: 'Quarterly review', startAt, reminderMinutes: 15, attendees: { users: [ids['noah.king']], people: [] } });
      const notYet = await meeting(olivia, { subject: 'Later', startAt: minutesFromNow(60), reminderMinutes: 15 });
      const noReminder = await meeting(olivia, { subject: 'No reminder', startAt: minutesFromNow(5) });
      const call = await olivia('POST', '/crm/activity', { kind: 'call', direction: 'outbound', subject: 'A call', relatedTo: { module: 'account', id: accountId }, reminderMinutes: 5 });
      expect(call.body.code).toBe(200);

      const record = (await olivia('GET', `/crm/activity/${id}`)).body.data as { reminderAt: string };
      expect(Date.parse(record.reminderAt)).toBe(Date.parse(startAt) - 15 * 60_000);

      const hers = await meetingsOf(olivia);
      expect(hers.map((r) => r.id)).toContain(id);
      for (const other of [notYet, noReminder, call.body.data as number]) expect(hers.map((r) => r.id)).not.toContain(other);
      expect(hers.find((r) => r.id === id)).toMatchObject({ subject: 'Quarterly review', dueKind: 'start', about: { module: 'account', id: accountId }, read: false });
      expect(Date.parse(hers.find((r) => r.id === id)!.due!)).toBe(Date.parse(startAt));

      // Noah (a rep who sees only his own records) is an attendee: reminded, and may open the meeting.
      expect((await noah('GET', `/crm/activity/${notYet}`)).body.code).toBe(404);
      const his = await meetingsOf(noah);
      expect(his.map((r) => r.id)).toContain(id);
      expect((await noah('GET', `/crm/activity/${id}`)).body.code).toBe(200);
      // His read state is his own.
      expect((await noah('PUT', '/crm/reminders/read', { items: [{ module: 'activity', id }] })).body).toMatchObject({ code: 200, data: 1 });
      expect((await meetingsOf(noah)).find((r) => r.id === id)?.read).toBe(true);
      expect((await meetingsOf(olivia)).find((r) => r.id === id)?.read).toBe(false);
    });

    it('a moved meeting reminds again; one no longer attended or deleted no longer does', async () => {
      const id = await meeting(olivia, { subject: 'Moving', startAt: minutesFromNow(5), reminderMinutes: 10, attendees: { users: [ids['noah.king']], people: [] } });
      await noah('PUT', '/crm/reminders/dismiss', { items: [{ module: 'activity', id }] });
      expect((await meetingsOf(noah)).map((r) => r.id)).not.toContain(id);
      const version = async () => ((await olivia('GET', `/crm/activity/${id}`)).body.data as { version: number }).version;
      expect((await olivia('PUT', '/crm/activity', { id, version: await version(), startAt: minutesFromNow(8) })).body.code).toBe(200);
      expect((await meetingsOf(noah)).find((r) => r.id === id)).toMatchObject({ read: false });

      expect((await olivia('PUT', '/crm/activity', { id, version: await version(), attendees: { users: [], people: [] } })).body.code).toBe(200);
      expect((await meetingsOf(noah)).map((r) => r.id)).not.toContain(id);
      expect((await noah('GET', `/crm/activity/${id}`)).body.code).toBe(404);

      await olivia('DELETE', `/crm/activity/${id}`);
      expect((await meetingsOf(olivia)).map((r) => r.id)).not.toContain(id);
    });
  });
});
