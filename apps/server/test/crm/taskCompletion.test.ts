import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/** Completing a task: the engine's validated, history-writing update, with `completedAt` kept true by the task module's hook. */
describe('task completion', () => {
  let app: TestApp;
  let ids: Record<string, number>;
  let olivia: Call;
  let noah: Call;
  let sophia: Call;

  beforeAll(async () => {
    app = await createTestApp();
    const admin = caller(app, await loginAs(app, 'admin'));
    ids = await userIds(admin);
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    sophia = caller(app, await loginAs(app, 'sophia.reed'));
  });
  afterAll(() => app.teardown());

  async function createTask(call: Call, body: Record<string, unknown> = {}): Promise<number> {
    const res = await call('POST', '/crm/task', { subject: 'Call back', dueDate: '2026-11-20', ...body });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as number;
  }
  const history = async (id: number) =>
    ((await olivia('GET', `/crm/task/${id}/history`)).body.rows as Array<Record<string, unknown>>).map((h) => [h.action, h.field, h.oldValue === null ? null : 'set', h.newValue === null ? null : 'set']);

  it('the form and inline edit: completed sets completedAt (with its history row), reopening clears it', async () => {
    const id = await createTask(olivia);
    expect((await getRecord(olivia, 'task', id)).completedAt).toBeNull();

    const before = Date.now();
    const done = await olivia('PUT', '/crm/task', { id, version: 1, status: 'completed' });
    expect(done.body.code).toBe(200);
    expect(done.body.data.status).toBe('completed');
    const completedAt = Date.parse(done.body.data.completedAt as string);
    expect(completedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(completedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await history(id)).slice(0, 2)).toEqual(
      expect.arrayContaining([
        ['update', 'status', 'set', 'set'],
        ['update', 'completedAt', null, 'set'],
      ]),
    );

    // Another change while it stays completed keeps the time it was completed at.
    const edited = await olivia('PUT', '/crm/task', { id, version: 2, priority: 'high' });
    expect(edited.body.data.completedAt).toBe(done.body.data.completedAt);

    const reopened = await olivia('PUT', '/crm/task', { id, version: 3, status: 'in_progress' });
    expect(reopened.body.code, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data.completedAt).toBeNull();
    expect(await history(id)).toEqual(expect.arrayContaining([['update', 'completedAt', 'set', null]]));
  });

  it('a completedAt in the body is ignored: only the status decides', async () => {
    const id = await createTask(olivia);
    const res = await olivia('PUT', '/crm/task', { id, version: 1, completedAt: '2020-01-01T00:00:00.000Z' });
    expect(res.body.code).toBe(200);
    expect((await getRecord(olivia, 'task', id)).completedAt).toBeNull();
  });

  it('created completed: completedAt is set at once', async () => {
    const id = await createTask(olivia, { status: 'completed' });
    expect((await getRecord(olivia, 'task', id)).completedAt).toEqual(expect.any(String));
  });

  it('mass update of the status sets and clears completedAt on every record, with history', async () => {
    const a = await createTask(olivia);
    const b = await createTask(olivia);
    const done = await olivia('POST', '/crm/task/mass/update', { ids: [a, b], field: 'status', value: 'completed' });
    expect(done.body.code).toBe(200);
    for (const id of [a, b]) {
      expect((await getRecord(olivia, 'task', id)).completedAt).toEqual(expect.any(String));
      expect(await history(id)).toEqual(expect.arrayContaining([['update', 'completedAt', null, 'set']]));
    }
    await olivia('POST', '/crm/task/mass/update', { ids: [a, b], field: 'status', value: 'not_started' });
    for (const id of [a, b]) expect((await getRecord(olivia, 'task', id)).completedAt).toBeNull();
  });

  it('needs crm:task:edit (403) and the task in the data scope (404), and then changes nothing', async () => {
    const id = await createTask(olivia);
    const forbidden = await sophia('PUT', '/crm/task', { id, version: 1, status: 'completed' });
    expect(forbidden.status).toBe(403);
    const outOfScope = await noah('PUT', '/crm/task', { id, version: 1, status: 'completed' });
    expect(outOfScope.body.code).toBe(404);
    const massOutOfScope = await noah('POST', '/crm/task/mass/update', { ids: [id], field: 'status', value: 'completed' });
    expect(massOutOfScope.body.code).toBe(404);
    const task = await getRecord(olivia, 'task', id);
    expect(task).toMatchObject({ status: 'not_started', completedAt: null, version: 1, ownerId: ids['olivia.park'] });
  });
});
