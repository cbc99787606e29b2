import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../../api/request';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import RecordDetail from './RecordDetail';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  getRecord: vi.fn(),
  getRecordHistory: vi.fn(),
  listRecords: vi.fn(),
  lookupRecords: vi.fn(),
  lookupUsers: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../../api/crm', () => api);
// The timeline's field changes, from the history rows each test sets.
vi.mock('../../../../api/crmTimeline', () => ({
  getTimeline: async () => {
    const page = (await api.getRecordHistory()) as { rows: Array<Record<string, unknown>>; lookups?: object };
    const rows = page.rows.map((r) => ({
      kind: 'change', id: r.id, time: r.time, authorId: r.userId, authorName: r.userName, canEdit: false,
      change: { action: r.action, field: r.field, oldValue: r.oldValue, newValue: r.newValue },
    }));
    return { code: 200, msg: '', rows, hasMore: false, lookups: page.lookups ?? {} };
  },
}));
vi.mock('../../../../api/system/dict', () => dictApi);

const lead = leadRecord({ firstName: '伟', lastName: '王', company: '华为', email: 'wang.wei@example.cn', status: 'qualified' });

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: leadsMeta });
  api.getRecord.mockResolvedValue({ code: 200, data: lead, lookups: { user: { 5: 'Olivia Park' } } });
  api.getRecordHistory.mockResolvedValue({
    code: 200,
    total: 2,
    rows: [
      { id: 2, action: 'update', field: 'status', oldValue: 'new', newValue: 'qualified', userId: 5, userName: 'Olivia Park', time: '2026-11-21T09:00:00.000Z' },
      { id: 1, action: 'create', field: null, oldValue: null, newValue: null, userId: 5, userName: 'Olivia Park', time: '2026-11-20T09:00:00.000Z' },
    ],
  });
});

describe('RecordDetail', () => {
  it('shows the name, the state as a tag, the key facts, the layout\'s sections and the history in labels', async () => {
    renderCrm(<RecordDetail module="leads" id={7} />);
    expect((await screen.findByTestId('record-name')).textContent).toBe('王伟');
    const header = screen.getByTestId('record-name').closest('.crm-detail-header') as HTMLElement;
    expect(await within(header).findByText('Qualified')).toBeTruthy();
    expect(within(header).getByText('华为')).toBeTruthy();
    expect(within(header).getByText('Olivia Park')).toBeTruthy();
    expect(screen.getByTestId('section-main')).toBeTruthy();
    expect(screen.getByTestId('section-system')).toBeTruthy();
    const timeline = screen.getByTestId('activity-timeline');
    expect(await within(timeline).findByText('Olivia Park changed Lead Status')).toBeTruthy();
    expect(within(timeline).getByText('New')).toBeTruthy();
    expect(within(timeline).getByText('Olivia Park created this record')).toBeTruthy();
  });

  it('shows placeholder entries while the timeline loads, not an empty "Loading…"', async () => {
    api.getRecordHistory.mockReturnValue(new Promise(() => undefined));
    renderCrm(<RecordDetail module="leads" id={7} />);
    const timeline = await screen.findByTestId('activity-timeline');
    expect(within(timeline).getByTestId('timeline-loading').getAttribute('aria-busy')).toBe('true');
    expect(within(timeline).queryByText('Loading…')).toBeNull();
    expect(within(timeline).queryByText('Nothing has happened yet')).toBeNull();
  });

  it('reads the rows one write made as one entry, each change named by its field (a conversion)', async () => {
    const time = '2026-11-22T10:00:00.000Z';
    const row = { action: 'convert' as const, userId: 5, userName: 'Olivia Park', time };
    api.getRecordHistory.mockResolvedValue({
      code: 200,
      total: 4,
      rows: [
        { ...row, id: 9, field: 'convertedAt', oldValue: null, newValue: time },
        { ...row, id: 8, field: 'status', oldValue: 'new', newValue: 'qualified' },
        { ...row, id: 7, field: 'campaignId', oldValue: null, newValue: null },
        { id: 1, action: 'create', field: null, oldValue: null, newValue: null, userId: 5, userName: 'Olivia Park', time: '2026-11-20T09:00:00.000Z' },
      ],
      lookups: {},
    });
    renderCrm(<RecordDetail module="leads" id={7} />);
    const timeline = await screen.findByTestId('activity-timeline');
    await within(timeline).findByText('Olivia Park converted this record');
    const entries = within(timeline).getAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Converted:')).toBeTruthy();
    expect(within(entries[0]!).getByText('Lead Status:')).toBeTruthy();
    expect(await within(entries[0]!).findByText('Qualified')).toBeTruthy();
    // What the write left as it was is not shown as a change.
    expect(within(entries[0]!).queryByText('Campaign:')).toBeNull();
  });

  it('says the record is not there or not the user\'s to see, for a missing or out-of-scope id', async () => {
    api.getRecord.mockRejectedValue(new RequestError('The record does not exist or you have no access to it', 404));
    renderCrm(<RecordDetail module="leads" id={999} />);
    expect(await screen.findByTestId('record-not-found')).toBeTruthy();
    expect(screen.getByText('The record does not exist or you have no access to it')).toBeTruthy();
    cleanup();
    renderCrm(<RecordDetail module="leads" id={Number('abc')} />);
    expect(await screen.findByTestId('record-not-found')).toBeTruthy();
  });

  it('shows why a locked record cannot be changed, and offers no edit, inline edit or owner change (delete stays)', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: lead, lookups: { user: { 5: 'Olivia Park' } }, locked: 'A converted lead cannot be changed' });
    renderCrm(<RecordDetail module="leads" id={7} />);
    expect((await screen.findByTestId('record-locked')).textContent).toBe('A converted lead cannot be changed');
    expect(screen.queryByTestId('record-edit')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change owner/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Company' })).toBeNull();
    expect(screen.getByTestId('record-delete')).toBeTruthy();
  });

  it('offers edit, inline edit and owner change on a record that is not locked', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: lead, lookups: { user: { 5: 'Olivia Park' } }, locked: null });
    renderCrm(<RecordDetail module="leads" id={7} />);
    await screen.findByTestId('record-edit');
    expect(screen.getByRole('button', { name: /Change owner/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Company' })).toBeTruthy();
    expect(screen.queryByTestId('record-locked')).toBeNull();
  });

  it('a record the caller may only read (a read-only share, a public read-only module) offers no edit, inline edit, owner change or delete, and shows its Sharing panel', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: lead, lookups: { user: { 5: 'Olivia Park' } }, locked: null, canEdit: false });
    renderCrm(<RecordDetail module="leads" id={7} />);
    await screen.findByTestId('record-name');
    expect(screen.queryByTestId('record-edit')).toBeNull();
    expect(screen.queryByTestId('record-delete')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change owner/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Company' })).toBeNull();
    expect(screen.getByTestId('record-sharing')).toBeTruthy();
  });

  it('offers edit and delete only to users who may', async () => {
    signInOlivia(['crm:leads:list', 'crm:leads:query']);
    renderCrm(<RecordDetail module="leads" id={7} />);
    await screen.findByTestId('record-name');
    expect(screen.queryByTestId('record-edit')).toBeNull();
    expect(screen.queryByTestId('record-delete')).toBeNull();
  });
});
