import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { accountMeta, field, prepareCrmTests, renderCrm, signInOlivia, simpleMeta } from '../../../test/crmFixtures';
import ActivityTimeline from '../engine/detail/ActivityTimeline';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), getRecordHistory: vi.fn(), listRecords: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, msg: '', data: [] }) }));

const taskMeta = simpleMeta('task', 'subject', [
  field('subject', 'text', 'Subject', { required: true }),
  field('status', 'picklist', 'Status', { dictType: 'crm_task_status', required: true }),
  field('dueDate', 'date', 'Due Date'),
  field('relatedTo', 'relatedRecord', 'Related To', { relatedModules: ['account'] }),
  field('completedAt', 'datetime', 'Completed', { readOnly: true }),
]);
const account = { ...accountMeta, relatedLists: [{ module: 'task' as const, field: 'relatedTo', label: 'Related To' }] };
const task = (id: number, subject: string, values: Record<string, unknown>): CrmRecord =>
  ({ id, recordTypeId: null, ownerId: 5, deptId: 3, version: 1, createTime: '2026-11-01T09:00:00.000Z', updateTime: null, createBy: 5, updateBy: null, subject, ...values }) as CrmRecord;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: taskMeta });
  api.getRecordHistory.mockResolvedValue({
    code: 200,
    total: 1,
    rows: [{ id: 1, action: 'create', field: null, oldValue: null, newValue: null, userId: 5, userName: 'Olivia Park', time: '2026-11-05T09:00:00.000Z' }],
    lookups: {},
  });
  api.listRecords.mockResolvedValue({
    code: 200,
    total: 3,
    rows: [
      task(1, 'Call the buyer', { status: 'not_started', dueDate: '2020-01-15', completedAt: null }),
      task(2, 'Sign the contract', { status: 'completed', dueDate: '2026-11-03', completedAt: '2026-11-10T09:30:00.000Z' }),
      task(3, 'Plan the renewal', { status: 'not_started', dueDate: '2999-01-01', completedAt: null }),
    ],
    lookups: {},
  });
});

describe('tasks on the timeline of the record they relate to', () => {
  it('shows open tasks at their due date and completed ones at their completion time, beside the history', async () => {
    renderCrm(<ActivityTimeline module="account" meta={account} id={42} lookups={{}} />);
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
    expect(api.listRecords).toHaveBeenCalledWith('task', expect.objectContaining({ filter: { field: 'relatedTo', op: 'eq', value: { module: 'account', id: 42 } } }));
    const texts = [...document.querySelectorAll('[data-testid="activity-entry"], [data-testid="history-entry"]')].map((e) => e.textContent ?? '');
    // Newest first: the upcoming task, the completed one, the account's creation, the long-overdue task.
    expect(texts[0]).toContain('Plan the renewal');
    expect(texts[0]).toContain('Due 2999-01-01');
    expect(texts[1]).toContain('Sign the contract');
    expect(texts[1]).toMatch(/Completed 2026-11-10 \d\d:30:00/);
    expect(texts[2]).toContain('created');
    expect(texts[3]).toContain('Call the buyer');
    expect(texts[3]).toContain('Overdue · due 2020-01-15');
  });

  it('asks for the tasks pointing at the record by any of their fields that may (a module both a task’s name and related to may name)', async () => {
    const both = simpleMeta('task', 'subject', [
      ...taskMeta.fields,
      field('name', 'relatedRecord', 'Name', { relatedModules: ['account'] }),
    ]);
    api.getModuleMeta.mockResolvedValue({ code: 200, data: both });
    const twice = { ...account, relatedLists: [...account.relatedLists, { module: 'task' as const, field: 'name', label: 'Name' }] };
    renderCrm(<ActivityTimeline module="account" meta={twice} id={42} lookups={{}} />);
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
    const pointer = { module: 'account', id: 42 };
    expect(api.listRecords).toHaveBeenCalledWith(
      'task',
      expect.objectContaining({ filter: { or: [{ field: 'relatedTo', op: 'eq', value: pointer }, { field: 'name', op: 'eq', value: pointer }] } }),
    );
  });

  it('pages the tasks like the history: more activity fetches the next page of tasks when there are more', async () => {
    const many = Array.from({ length: 20 }, (_, i) => task(100 + i, `Task ${i}`, { status: 'not_started', dueDate: '2026-01-01', completedAt: null }));
    api.listRecords.mockImplementation(async (_module: string, params: { pageNum: number }) =>
      params.pageNum === 1 ? { code: 200, total: 21, rows: many, lookups: {} } : { code: 200, total: 21, rows: [task(200, 'The twenty-first', { status: 'not_started', dueDate: '2026-01-02', completedAt: null })], lookups: {} },
    );
    renderCrm(<ActivityTimeline module="account" meta={account} id={42} lookups={{}} />);
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(20));
    fireEvent.click(screen.getByTestId('more-activity'));
    expect(await screen.findByText('The twenty-first')).toBeTruthy();
    expect(api.listRecords).toHaveBeenLastCalledWith('task', expect.objectContaining({ pageNum: 2, pageSize: 20 }));
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(21);
    await waitFor(() => expect(screen.queryByTestId('more-activity')).toBeNull());
  });

  it('shows no tasks to a user who may not list them', async () => {
    signInOlivia(['crm:account:query']);
    renderCrm(<ActivityTimeline module="account" meta={account} id={42} lookups={{}} />);
    await screen.findByTestId('history-entry');
    expect(api.listRecords).not.toHaveBeenCalled();
    expect(screen.queryByTestId('activity-entry')).toBeNull();
  });
});
