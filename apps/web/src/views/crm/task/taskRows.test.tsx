import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { dictionaries, field, prepareCrmTests, renderCrm, signInOlivia, simpleMeta } from '../../../test/crmFixtures';
import RelatedList from '../engine/detail/RelatedList';
import RecordList from '../engine/list/RecordList';
import { businessDay } from '../../../store/businessDay';
import { isOverdue } from './taskDates';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  listRecords: vi.fn(),
  updateRecord: vi.fn(),
  selectRecordTypes: vi.fn(),
  lookupUsers: vi.fn(),
  lookupRecords: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/system/dict', () => ({
  getDictValues: async (type: string) => ({
    code: 200,
    msg: '',
    data:
      type === 'crm_task_status'
        ? ['not_started', 'completed'].map((value) => ({ ...dictionaries.crm_lead_status![0]!, dictType: type, dictValue: value, dictLabel: value === 'completed' ? 'Completed' : 'Not Started' }))
        : [],
  }),
}));

const taskMeta = simpleMeta('task', 'subject', [
  field('subject', 'text', 'Subject', { required: true }),
  field('status', 'picklist', 'Status', { dictType: 'crm_task_status', required: true }),
  field('dueDate', 'date', 'Due Date'),
  field('relatedTo', 'relatedRecord', 'Related To', { relatedModules: ['account', 'leads'] }),
  field('completedAt', 'datetime', 'Completed', { readOnly: true }),
]);
taskMeta.listViews[0]!.columns = ['subject', 'status', 'dueDate'];

const task = (id: number, subject: string, dueDate: string, status: string): CrmRecord =>
  ({ id, recordTypeId: null, ownerId: 5, deptId: 3, version: 3, createTime: '2026-11-01T09:00:00.000Z', updateTime: null, createBy: 5, updateBy: null, subject, dueDate, status, completedAt: status === 'completed' ? '2026-11-02T09:00:00.000Z' : null }) as CrmRecord;
const overdue = task(1, 'Call the buyer', '2020-01-15', 'not_started');
const upcoming = task(2, 'Send the quote', '2999-12-31', 'not_started');
const done = task(3, 'Old overdue but done', '2020-01-10', 'completed');

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: taskMeta });
  api.listRecords.mockResolvedValue({ code: 200, total: 3, rows: [overdue, upcoming, done], lookups: {} });
  api.updateRecord.mockResolvedValue({ code: 200, data: { ...overdue, status: 'completed', version: 4 }, lookups: {}, locked: null });
});

describe('tasks in the engine’s lists', () => {
  it('highlights overdue open tasks only, and asks for the fields that decide it', async () => {
    renderCrm(<RecordList module="task" />);
    // The first test draws the whole list page cold: give it time on a busy machine.
    await screen.findByText('Call the buyer', undefined, { timeout: 40_000 });
    expect(rowOf('Call the buyer').className).toContain('crm-row-overdue');
    expect(rowOf('Send the quote').className).not.toContain('crm-row-overdue');
    expect(rowOf('Old overdue but done').className).not.toContain('crm-row-overdue');
    expect(api.listRecords.mock.calls[0]![1].fields).toEqual(expect.arrayContaining(['subject', 'status', 'dueDate', 'completedAt']));
  });

  it('decides overdue on the server’s day (its Business-Day answer), not the browser’s', () => {
    const dueToday = task(4, 'Due on the server’s day', '2026-01-05', 'not_started');
    businessDay.set('2026-01-05');
    expect(isOverdue(dueToday)).toBe(false);
    businessDay.set('2026-01-06');
    expect(isOverdue(dueToday)).toBe(true);
    businessDay.set(null);
  });

  it('completes a task with one click: the status update at the row’s version, then the list is fetched again', async () => {
    renderCrm(<RecordList module="task" />);
    await screen.findByText('Call the buyer');
    const calls = api.listRecords.mock.calls.length;
    fireEvent.click(within(rowOf('Call the buyer')).getByTestId('task-complete'));
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledWith('task', { id: 1, version: 3, status: 'completed' }));
    expect(await screen.findByText('Task completed')).toBeTruthy();
    await waitFor(() => expect(api.listRecords.mock.calls.length).toBeGreaterThan(calls));
    // A completed task offers to reopen it instead.
    fireEvent.click(within(rowOf('Old overdue but done')).getByTestId('task-reopen'));
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledWith('task', { id: 3, version: 3, status: 'not_started' }));
  });

  it('offers to undo a completion: the task gets back the status it had, at the version the click left', async () => {
    const inProgress = task(5, 'Half done', '2999-01-01', 'in_progress');
    api.listRecords.mockResolvedValue({ code: 200, total: 1, rows: [inProgress], lookups: {} });
    api.updateRecord.mockResolvedValueOnce({ code: 200, data: { ...inProgress, status: 'completed', version: 4 }, lookups: {}, locked: null });
    api.updateRecord.mockResolvedValueOnce({ code: 200, data: { ...inProgress, version: 5 }, lookups: {}, locked: null });
    renderCrm(<RecordList module="task" />);
    await screen.findByText('Half done');
    fireEvent.click(within(rowOf('Half done')).getByTestId('task-complete'));
    const toast = await screen.findByTestId('undo-toast');
    expect(toast.textContent).toContain('Task completed');
    fireEvent.click(within(toast).getByTestId('undo-button'));
    await waitFor(() => expect(api.updateRecord).toHaveBeenLastCalledWith('task', { id: 5, version: 4, status: 'in_progress' }));
  });

  it('offers no row action to a user who may not edit tasks', async () => {
    signInOlivia(['crm:task:list', 'crm:task:query']);
    renderCrm(<RecordList module="task" />);
    await screen.findByText('Call the buyer');
    expect(screen.queryByTestId('task-complete')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
    expect(rowOf('Call the buyer').className).toContain('crm-row-overdue');
  });

  it('offers no row action on a task the user may only read (the page names it read-only), in a list or a related list', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 3, rows: [overdue, upcoming, done], lookups: {}, readOnly: [1] });
    const { unmount } = renderCrm(<RecordList module="task" />);
    await screen.findByText('Call the buyer');
    expect(within(rowOf('Call the buyer')).queryByTestId('task-complete')).toBeNull();
    expect(within(rowOf('Send the quote')).getByTestId('task-complete')).toBeTruthy();
    unmount();
    renderCrm(<RelatedList module="account" id={42} related={{ module: 'task', field: 'relatedTo', label: 'Related To' }} title="Tasks" />);
    await screen.findByText('Call the buyer');
    expect(within(rowOf('Call the buyer')).queryByTestId('task-complete')).toBeNull();
    expect(within(rowOf('Send the quote')).getByTestId('task-complete')).toBeTruthy();
  });

  it('does the same in a related list of tasks on another record’s page (an account’s)', async () => {
    renderCrm(<RelatedList module="account" id={42} related={{ module: 'task', field: 'relatedTo', label: 'Related To' }} title="Tasks" />);
    await screen.findByText('Call the buyer');
    expect(api.listRecords).toHaveBeenCalledWith('task', expect.objectContaining({ filter: { field: 'relatedTo', op: 'eq', value: { module: 'account', id: 42 } } }));
    expect(rowOf('Call the buyer').className).toContain('crm-row-overdue');
    fireEvent.click(within(rowOf('Call the buyer')).getByTestId('task-complete'));
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledWith('task', { id: 1, version: 3, status: 'completed' }));
    await waitFor(() => expect(api.listRecords.mock.calls.length).toBeGreaterThan(1));
  });
});
