import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarData, CalendarEntry } from '@orbit/shared/contract/calendar';
import { CALENDAR_MAX_DAYS } from '@orbit/shared/contract/calendar';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, FORBIDDEN_EN, userIds } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;

/**
 * The calendar: entries of every module's calendar source (today tasks on their due dates) in a
 * range, for the caller or owners within their data scope; a drag writes through the engine's update.
 * Dates lie in 2031 so that the demo data's tasks (around today) never fall in the ranges.
 */
describe('calendar', () => {
  let app: TestApp;
  let ids: Record<string, number>;
  let admin: Call;
  let olivia: Call;
  let grace: Call;
  let noah: Call;
  let emma: Call;
  let sophia: Call;
  let mia: Call;
  const tasks = { oliviaCall: 0, oliviaDone: 0, oliviaLater: 0, oliviaNoDate: 0, grace: 0, noah: 0 };

  const createTask = async (call: Call, body: Record<string, unknown>) => {
    const res = await call('POST', '/crm/task', body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as number;
  };
  const calendar = async (call: Call, query: string, lang = 'en') => call('GET', `/crm/calendar?${query}`, undefined, { 'accept-language': lang });
  const entriesOf = async (call: Call, query: string) => {
    const res = await calendar(call, query);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as CalendarData;
  };
  const taskOf = async (id: number) => (await admin('GET', `/crm/task/${id}`)).body.data as { dueDate: string | null; version: number };

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    ids = await userIds(admin);
    const as = async (name: string) => caller(app, await loginAs(app, name));
    olivia = await as('olivia.park');
    grace = await as('grace.hall');
    noah = await as('noah.king');
    emma = await as('emma.stone');
    sophia = await as('sophia.reed');
    mia = await as('mia.chen');
    tasks.oliviaCall = await createTask(olivia, { subject: 'Call Contoso', dueDate: '2031-03-10' });
    tasks.oliviaDone = await createTask(olivia, { subject: 'Send the quote', dueDate: '2031-03-12', status: 'completed' });
    tasks.oliviaLater = await createTask(olivia, { subject: 'Outside the range', dueDate: '2031-05-20' });
    tasks.oliviaNoDate = await createTask(olivia, { subject: 'No due date' });
    tasks.grace = await createTask(grace, { subject: 'Grace’s visit', dueDate: '2031-03-11' });
    tasks.noah = await createTask(noah, { subject: 'Noah’s demo', dueDate: '2031-03-11' });
  });
  afterAll(async () => {
    await app.teardown();
  });

  const MARCH = 'start=2031-03-01&end=2031-04-01';

  it('shows a meeting from its start to its end, as the activity module declares it; calls and notes are not on it', async () => {
    const account = (await olivia('POST', '/crm/account', { name: 'Calendar Meeting Co' })).body.data as number;
    const about = { relatedTo: { module: 'account', id: account } };
    const meeting = (await olivia('POST', '/crm/activity', { kind: 'meeting', subject: 'Quarterly review', ...about, startAt: '2031-06-10T09:00:00.000Z', endAt: '2031-06-10T10:30:00.000Z' })).body.data as number;
    await olivia('POST', '/crm/activity', { kind: 'note', subject: 'Not on the calendar', ...about, notes: '<p>x</p>' });
    const data = await entriesOf(olivia, 'start=2031-06-01&end=2031-06-30');
    expect(data.entries.filter((e) => e.module === 'activity')).toEqual([
      expect.objectContaining({ module: 'activity', source: 'meeting', id: meeting, title: 'Quarterly review', allDay: false, canEdit: true }),
    ]);
    const [entry] = data.entries.filter((e) => e.module === 'activity');
    expect(new Date(entry!.start).toISOString()).toBe('2031-06-10T09:00:00.000Z');
    expect(new Date(entry!.end!).toISOString()).toBe('2031-06-10T10:30:00.000Z');
    // Another rep sees none of it.
    expect((await entriesOf(noah, 'start=2031-06-01&end=2031-06-30')).entries.filter((e) => e.module === 'activity')).toEqual([]);
  });

  it('a meeting is on its user attendees’ calendars too — outside their data scope — but only its author may drag it', async () => {
    const account = (await olivia('POST', '/crm/account', { name: 'Attended Meeting Co' })).body.data as number;
    const body = { kind: 'meeting', subject: 'Joint visit', relatedTo: { module: 'account', id: account }, startAt: '2031-07-08T09:00:00.000Z', endAt: '2031-07-08T10:00:00.000Z' };
    const meeting = (await olivia('POST', '/crm/activity', { ...body, attendees: { users: [ids['noah.king']], people: [] } })).body.data as number;
    const JULY = 'start=2031-07-01&end=2031-07-31';
    const his = (await entriesOf(noah, JULY)).entries.filter((e) => e.module === 'activity');
    expect(his).toEqual([expect.objectContaining({ id: meeting, title: 'Joint visit', ownerId: ids['olivia.park'], canEdit: false })]);
    expect((await entriesOf(olivia, JULY)).entries.find((e) => e.id === meeting)).toMatchObject({ canEdit: true });
    const entry = his[0]!;
    const moved = await noah('PUT', '/crm/calendar/move', { module: 'activity', source: 'meeting', id: meeting, version: entry.version, start: '2031-07-09T09:00:00.000Z', end: '2031-07-09T10:00:00.000Z' });
    expect(moved.body.code).toBe(400);
    expect(((await olivia('GET', `/crm/activity/${meeting}`)).body.data as { startAt: string }).startAt).toBe('2031-07-08T09:00:00.000Z');
    // Grace is not invited: nothing of it on hers.
    expect((await entriesOf(grace, JULY)).entries.filter((e) => e.module === 'activity')).toEqual([]);
  });

  it('shows the caller’s own tasks of the range as all-day entries on their due dates, and what they may do', async () => {
    const data = await entriesOf(olivia, MARCH);
    expect(data.entries.map((e) => e.id)).toEqual([tasks.oliviaCall, tasks.oliviaDone]);
    expect(data.entries[0]).toEqual<CalendarEntry>({
      module: 'task', source: 'due', id: tasks.oliviaCall, version: 1, title: 'Call Contoso', start: '2031-03-10', end: null, allDay: true,
      ownerId: ids['olivia.park']!, status: 'not_started', completed: false, canEdit: true,
    });
    expect(data.entries[1]).toMatchObject({ status: 'completed', completed: true });
    expect(data.sources).toEqual([
      { module: 'task', source: 'due', startField: 'dueDate', endField: null, allDayField: null, allDayOnly: true, canAdd: true },
      { module: 'activity', source: 'meeting', startField: 'startAt', endField: 'endAt', allDayField: 'allDay', allDayOnly: false, canAdd: true },
    ]);
    expect(data.owners).toEqual({ [ids['olivia.park']!]: 'Olivia Park' });
    expect(data.canPickOwners).toBe(false);
    expect(data.truncated).toBe(false);
  });

  it('takes ISO date-times with an offset as well as days, the end exclusive', async () => {
    const data = await entriesOf(olivia, `start=${encodeURIComponent('2031-03-10T00:00:00+08:00')}&end=${encodeURIComponent('2031-03-12T00:00:00+08:00')}`);
    expect(data.entries.map((e) => e.id)).toEqual([tasks.oliviaCall]);
  });

  it('a rep sees only their own: another rep’s id, even in their department, is refused', async () => {
    const res = await calendar(olivia, `${MARCH}&ownerIds=${ids['grace.hall']}`);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You cannot see the calendar of some of the chosen users');
    const own = await entriesOf(olivia, `${MARCH}&ownerIds=${ids['olivia.park']}`);
    expect(own.entries.map((e) => e.id)).toEqual([tasks.oliviaCall, tasks.oliviaDone]);
  });

  it('a manager sees their own by default, their team by owner filter; owners outside their scope are refused', async () => {
    expect((await entriesOf(emma, MARCH)).entries).toEqual([]);
    const team = await entriesOf(emma, `${MARCH}&ownerIds=${ids['olivia.park']},${ids['grace.hall']}`);
    expect(team.canPickOwners).toBe(true);
    expect(team.entries.map((e) => e.id).sort()).toEqual([tasks.oliviaCall, tasks.oliviaDone, tasks.grace].sort());
    expect(team.owners).toEqual({ [ids['olivia.park']!]: 'Olivia Park', [ids['grace.hall']!]: 'Grace Hall' });
    expect(team.entries.every((e) => e.canEdit)).toBe(true);

    // Noah is in the west team: refused, in the request's language, even beside people she may see.
    const west = await calendar(emma, `${MARCH}&ownerIds=${ids['olivia.park']},${ids['noah.king']}`, 'zh');
    expect(west.status).toBe(403);
    expect(west.body.msg).toBe('您无权查看所选部分用户的日历');

    // The owner picker offers only users within her scope.
    const pickable = (await emma('GET', '/crm/calendar/owners?pageSize=100')).body.rows as Array<{ id: number }>;
    expect(pickable.map((u) => u.id)).toEqual(expect.arrayContaining([ids['olivia.park'], ids['grace.hall'], ids['emma.stone']]));
    expect(pickable.map((u) => u.id)).not.toContain(ids['noah.king']);
  });

  it('a viewer without edit sees entries they cannot drag; a user without the calendar permission is refused', async () => {
    const all = await entriesOf(sophia, `${MARCH}&ownerIds=${ids['noah.king']}`);
    expect(all.entries.map((e) => e.id)).toEqual([tasks.noah]);
    expect(all.entries[0]!.canEdit).toBe(false);
    expect(all.sources[0]!.canAdd).toBe(false);
    const moved = await sophia('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: tasks.noah, version: 1, start: '2031-03-15' });
    expect(moved.status).toBe(403);
    expect((await taskOf(tasks.noah)).dueDate).toBe('2031-03-11');

    const refused = await calendar(mia, MARCH);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(FORBIDDEN_EN);
  });

  it('refuses bad ranges with a translated message', async () => {
    const cases: Array<[string, string, string]> = [
      ['start=2031-03-10', 'en', 'The calendar\'s start and end must be dates (YYYY-MM-DD) or date-times'],
      ['start=yesterday&end=2031-03-10', 'en', 'The calendar\'s start and end must be dates (YYYY-MM-DD) or date-times'],
      ['start=2031-02-30&end=2031-03-10', 'en', 'The calendar\'s start and end must be dates (YYYY-MM-DD) or date-times'],
      ['start=2031-03-10&end=2031-03-10', 'en', 'The calendar\'s end must come after its start'],
      ['start=2031-03-10&end=2031-03-01', 'zh', '日历的结束必须晚于开始'],
      ['start=2031-01-01&end=2031-03-05', 'en', `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time`],
      ['start=2031-01-01&end=2031-03-05', 'zh', `日历一次最多显示 ${CALENDAR_MAX_DAYS} 天`],
      [`${MARCH}&ownerIds=1,x`, 'en', 'The owners must be given as user ids separated by commas'],
    ];
    for (const [query, lang, message] of cases) {
      const res = await calendar(olivia, query, lang);
      expect(res.status, query).toBe(400);
      expect(res.body.msg, query).toBe(message);
    }
    // The longest range allowed is served.
    expect((await calendar(olivia, 'start=2031-03-01&end=2031-05-02')).body.code).toBe(200);
  });

  it('a drag moves the due date through the engine’s update: new version, field history', async () => {
    const moved = await olivia('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: tasks.oliviaCall, version: 1, start: '2031-03-14', allDay: true });
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ id: tasks.oliviaCall, start: '2031-03-14', version: 2, allDay: true });
    expect(await taskOf(tasks.oliviaCall)).toMatchObject({ dueDate: '2031-03-14', version: 2 });
    const history = (await olivia('GET', `/crm/task/${tasks.oliviaCall}/history`)).body.rows as Array<{ field: string; oldValue: unknown; newValue: unknown }>;
    expect(history.find((h) => h.field === 'dueDate')).toMatchObject({ oldValue: '2031-03-10', newValue: '2031-03-14' });
    expect((await entriesOf(olivia, MARCH)).entries.find((e) => e.id === tasks.oliviaCall)?.start).toBe('2031-03-14');
  });

  it('a drag with a stale version, out of scope, on a time of day or malformed is refused and changes nothing', async () => {
    const before = await taskOf(tasks.oliviaCall);
    const stale = await olivia('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: tasks.oliviaCall, version: 1, start: '2031-03-20' });
    expect(stale.status).toBe(409);
    const timed = await olivia('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: tasks.oliviaCall, version: before.version, start: '2031-03-20T09:00:00.000Z', allDay: false }, { 'accept-language': 'en' });
    expect(timed.status).toBe(400);
    expect(timed.body.msg).toBe('This entry takes a day, not a time of day: drop it on a day');
    const badDay = await olivia('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: tasks.oliviaCall, version: before.version, start: '2031-13-01' });
    expect(badDay.status).toBe(400);
    const unknown = await olivia('PUT', '/crm/calendar/move', { module: 'task', source: 'reminder', id: tasks.oliviaCall, version: before.version, start: '2031-03-20' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('This record cannot be moved on the calendar');
    expect(await taskOf(tasks.oliviaCall)).toEqual(before);

    // Noah's task is not hers: the same 404 as a missing record.
    const foreign = await olivia('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: tasks.noah, version: 1, start: '2031-03-20' });
    expect(foreign.status).toBe(404);
    expect((await taskOf(tasks.noah)).dueDate).toBe('2031-03-11');
  });

  it('a manager drags a team member’s task; the move is the member’s record changed by her', async () => {
    const moved = await emma('PUT', '/crm/calendar/move', { module: 'task', source: 'due', id: tasks.grace, version: 1, start: '2031-03-18' });
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ ownerId: ids['grace.hall'], start: '2031-03-18' });
    expect((await taskOf(tasks.grace)).dueDate).toBe('2031-03-18');
  });

  it('reads a source through its (owner, start) index', async () => {
    // 20,000 tasks of 50 owners over eight years, in a transaction rolled back afterwards.
    let plan = '';
    await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into crm_task (owner_id, subject, status, due_date)
          select 100000 + g % 50, 'bulk', 'not_started', date '2024-01-01' + g % 3000 from generate_series(1, 20000) g`);
        await tx.execute(sql`analyze crm_task`);
        plan = JSON.stringify(await tx.execute(sql`explain select id from crm_task where deleted_at is null and due_date is not null
          and owner_id in (100007, 100008) and due_date >= '2031-03-01'::date and due_date < '2031-04-01'::date`));
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
    expect(plan).toContain('crm_task_calendar_due_idx');
  });
});
