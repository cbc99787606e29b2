import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { withFilter } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;
type Row = { id: number; dueDate: string | null; status: string; ownerId: number };

/**
 * The task module's built-in to-do views on a fixed day: Wednesday 18 November 2026 (only the
 * clock the server resolves relative dates with is set; sessions keep the real one).
 */
describe('task views: overdue, today, this week', () => {
  let app: TestApp;
  let olivia: Call;
  let views: Record<string, number>;
  let me: number;
  const mine = new Map<string, number>();

  const onFixedDay = async <T>(work: () => Promise<T>): Promise<T> => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 12, 0));
    try {
      return await work();
    } finally {
      vi.useRealTimers();
    }
  };

  beforeAll(async () => {
    app = await createTestApp();
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    me = (await userIds(caller(app, await loginAs(app, 'admin'))))['olivia.park']!;
    const res = await olivia('GET', '/crm/task/views');
    // Built-in views are named by their English label; this test calls them by their keys.
    const keys: Record<string, string> = { 'My Open Tasks': 'myOpen', 'Overdue Tasks': 'overdue', "Today's Tasks": 'today', "This Week's Tasks": 'thisWeek', 'All Tasks': 'all' };
    views = Object.fromEntries((res.body.data as Array<{ name: string; id: number; builtIn: boolean }>).filter((v) => v.builtIn).map((v) => [keys[v.name] ?? v.name, v.id]));
    const tasks: Array<[string, string | null, string]> = [
      ['lastWeek', '2026-11-10', 'not_started'],
      ['yesterday', '2026-11-17', 'in_progress'],
      ['doneYesterday', '2026-11-17', 'completed'],
      ['today', '2026-11-18', 'not_started'],
      ['doneToday', '2026-11-18', 'completed'],
      ['friday', '2026-11-20', 'deferred'],
      ['sunday', '2026-11-22', 'not_started'],
      ['nextMonday', '2026-11-23', 'not_started'],
      ['monday', '2026-11-16', 'not_started'],
      ['undated', null, 'not_started'],
    ];
    for (const [name, dueDate, status] of tasks) {
      const created = await olivia('POST', '/crm/task', { subject: `View test ${name}`, dueDate, status });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      mine.set(name, created.body.data as number);
    }
  });
  afterAll(() => app.teardown());
  afterEach(() => vi.useRealTimers());

  /** The view's rows, and which of this test's tasks are among them. */
  async function viewOf(name: string): Promise<{ rows: Row[]; ours: string[] }> {
    expect(views[name], `view ${name}`).toBeDefined();
    const res = await onFixedDay(() => olivia('GET', `/crm/task/list?viewId=${views[name]}&pageSize=500&fields=dueDate,status`));
    expect(res.body.code).toBe(200);
    const rows = res.body.rows as Row[];
    const ids = new Set(rows.map((r) => r.id));
    return { rows, ours: [...mine].filter(([, id]) => ids.has(id)).map(([n]) => n).sort() };
  }

  it('ships the views my open tasks, overdue, today, this week and all', () => {
    expect(Object.keys(views)).toEqual(expect.arrayContaining(['myOpen', 'overdue', 'today', 'thisWeek', 'all']));
  });

  it('overdue: due before today and not completed', async () => {
    const { rows, ours } = await viewOf('overdue');
    expect(ours).toEqual(['lastWeek', 'monday', 'yesterday']);
    expect(rows.every((r) => r.dueDate !== null && r.dueDate < '2026-11-18' && r.status !== 'completed')).toBe(true);
    // Oldest first: what has waited longest comes first.
    expect(rows.map((r) => r.dueDate)).toEqual([...rows.map((r) => r.dueDate)].sort());
  });

  it('today: due today and not completed', async () => {
    const { rows, ours } = await viewOf('today');
    expect(ours).toEqual(['today']);
    expect(rows.every((r) => r.dueDate === '2026-11-18' && r.status !== 'completed')).toBe(true);
  });

  it('this week: due Monday to Sunday of this week and not completed', async () => {
    const { rows, ours } = await viewOf('thisWeek');
    expect(ours).toEqual(['friday', 'monday', 'sunday', 'today', 'yesterday']);
    expect(rows.every((r) => r.dueDate! >= '2026-11-16' && r.dueDate! <= '2026-11-22' && r.status !== 'completed')).toBe(true);
  });

  it('the views are the user’s own tasks; all tasks shows every one in scope', async () => {
    const { rows } = await viewOf('overdue');
    expect(rows.every((r) => r.ownerId === me)).toBe(true);
    const { ours } = await viewOf('all');
    expect(ours).toHaveLength(mine.size);
  });

  it('the relative ranges work in any filter: before today, after today', async () => {
    const before = await onFixedDay(() => olivia('GET', withFilter('/crm/task/list?owner=mine&pageSize=500&fields=dueDate', { field: 'dueDate', op: 'relative', value: 'beforeToday' })));
    expect((before.body.rows as Row[]).every((r) => r.dueDate! < '2026-11-18')).toBe(true);
    expect((before.body.rows as Row[]).map((r) => r.id)).toEqual(expect.arrayContaining([mine.get('doneYesterday'), mine.get('lastWeek')]));
    const after = await onFixedDay(() => olivia('GET', withFilter('/crm/task/list?owner=mine&pageSize=500&fields=dueDate', { field: 'dueDate', op: 'relative', value: 'afterToday' })));
    expect((after.body.rows as Row[]).every((r) => r.dueDate! > '2026-11-18')).toBe(true);
    expect((after.body.rows as Row[]).map((r) => r.id)).toEqual(expect.arrayContaining([mine.get('friday'), mine.get('nextMonday')]));
    const bad = await olivia('GET', withFilter('/crm/task/list', { field: 'dueDate', op: 'relative', value: 'beforeYesterday' }));
    expect(bad.body.code).toBe(400);
  });
});
