import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { accountMeta, field, prepareCrmTests, renderCrm, signInOlivia, simpleMeta } from '../../../test/crmFixtures';
import ActivityTimeline from '../engine/detail/ActivityTimeline';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), metaVersionSeen: { use: () => null } }));
const timeline = vi.hoisted(() => ({ getTimeline: vi.fn() }));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/crmTimeline', () => timeline);
vi.mock('../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, msg: '', data: [] }) }));

const taskMeta = simpleMeta('task', 'subject', [
  field('subject', 'text', 'Subject', { required: true }),
  field('status', 'picklist', 'Status', { dictType: 'crm_task_status', required: true }),
  field('dueDate', 'date', 'Due Date'),
  field('relatedTo', 'relatedRecord', 'Related To', { relatedModules: ['account'] }),
  field('completedAt', 'datetime', 'Completed', { readOnly: true }),
]);
const task = (id: number, subject: string, time: string, values: Record<string, unknown>): TimelineEntry => ({
  kind: 'task', id, time, authorId: 5, authorName: 'Olivia Park', canEdit: true,
  record: { id, recordTypeId: null, ownerId: 5, deptId: 3, version: 1, createTime: '2026-11-01T09:00:00.000Z', updateTime: null, createBy: 5, updateBy: null, subject, ...values },
});
const created: TimelineEntry = { kind: 'change', id: 1, time: '2026-11-05T09:00:00.000Z', authorId: 5, authorName: 'Olivia Park', canEdit: false, change: { action: 'create', field: null, oldValue: null, newValue: null } };

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  // Only task permissions: no activity composer.
  signInOlivia(['crm:account:query', 'crm:task:list']);
  api.getModuleMeta.mockResolvedValue({ code: 200, data: taskMeta });
  timeline.getTimeline.mockResolvedValue({
    code: 200, msg: '', hasMore: false, lookups: {},
    // The server's order: newest first, an open task at its due date, a completed one when it was done.
    rows: [
      task(3, 'Plan the renewal', '2999-01-01T00:00:00.000Z', { status: 'not_started', dueDate: '2999-01-01', completedAt: null }),
      task(2, 'Sign the contract', '2026-11-10T09:30:00.000Z', { status: 'completed', dueDate: '2026-11-03', completedAt: '2026-11-10T09:30:00.000Z' }),
      created,
      task(1, 'Call the buyer', '2020-01-15T00:00:00.000Z', { status: 'not_started', dueDate: '2020-01-15', completedAt: null }),
    ],
  });
});

describe('the timeline of a record (tasks, field changes, kinds, pages)', () => {
  it('shows the entries in the server’s order, tasks with their due or completion note', async () => {
    renderCrm(<ActivityTimeline module="account" meta={accountMeta} id={42} name="Acme" lookups={{}} />);
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
    expect(timeline.getTimeline).toHaveBeenCalledWith('account', 42, { kinds: [], pageNum: 1, pageSize: 20 });
    const texts = [...document.querySelectorAll('[data-testid="activity-entry"], [data-testid="history-entry"]')].map((e) => e.textContent ?? '');
    expect(texts[0]).toContain('Plan the renewal');
    expect(texts[0]).toContain('Due 2999-01-01');
    expect(texts[1]).toContain('Sign the contract');
    expect(texts[1]).toMatch(/Completed 2026-11-10 \d\d:30:00/);
    expect(texts[2]).toContain('created');
    expect(texts[3]).toContain('Overdue · due 2020-01-15');
  });

  it('asks for the kinds whose chips are on', async () => {
    renderCrm(<ActivityTimeline module="account" meta={accountMeta} id={42} name="Acme" lookups={{}} />);
    fireEvent.click(await screen.findByTestId('timeline-kind-task'));
    await waitFor(() => expect(timeline.getTimeline).toHaveBeenLastCalledWith('account', 42, { kinds: ['task'], pageNum: 1, pageSize: 20 }));
  });

  it('loads the next page while the server says there is more', async () => {
    timeline.getTimeline.mockImplementation(async (_m: string, _id: number, params: { pageNum: number }) =>
      params.pageNum === 1
        ? { code: 200, msg: '', hasMore: true, lookups: {}, rows: [created] }
        : { code: 200, msg: '', hasMore: false, lookups: {}, rows: [task(200, 'The older one', '2020-01-01T00:00:00.000Z', { status: 'not_started', dueDate: '2020-01-01', completedAt: null })] },
    );
    renderCrm(<ActivityTimeline module="account" meta={accountMeta} id={42} name="Acme" lookups={{}} />);
    fireEvent.click(await screen.findByTestId('more-activity'));
    expect(await screen.findByText('The older one')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('more-activity')).toBeNull());
  });

  it('says so when the timeline cannot be loaded', async () => {
    timeline.getTimeline.mockRejectedValue(new Error('down'));
    renderCrm(<ActivityTimeline module="account" meta={accountMeta} id={42} name="Acme" lookups={{}} />);
    expect(await screen.findByRole('button', { name: /retry|重试/i })).toBeTruthy();
  });
});
