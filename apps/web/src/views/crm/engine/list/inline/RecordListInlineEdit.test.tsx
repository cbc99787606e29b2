import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../../test/crmFixtures';
import RecordList from '../RecordList';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  listRecords: vi.fn(),
  updateRecord: vi.fn(),
  selectRecordTypes: vi.fn(),
  lookupUsers: vi.fn(),
  lookupRecords: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../../../api/crm', () => api);
vi.mock('../../../../../api/system/dict', () => dictApi);

/** Leads listed with a name, an e-mail, a company, a status and the read-only creation time. */
const meta: ModuleMeta = { ...leadsMeta, listViews: [{ ...leadsMeta.listViews[0]!, columns: ['lastName', 'company', 'email', 'status', 'createTime'] }] };
const park = leadRecord({ id: 7, lastName: 'Park', company: 'Acme', status: 'new', version: 1 });
const wang = leadRecord({ id: 8, lastName: 'Wang', company: 'Globex', status: 'new', version: 3 });

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: meta });
  api.listRecords.mockResolvedValue({ code: 200, total: 2, rows: [park, wang], lookups: {} });
  api.updateRecord.mockImplementation(async (_module: string, { id, version, ...changes }: { id: number; version: number }) => ({
    code: 200,
    data: { ...(id === 7 ? park : wang), ...changes, version: version + 1 },
    lookups: {},
  }));
});

const table = () => screen.findByTestId('record-table');
/** The cell of a field in the row of a record (rows in the list's order: Park, Wang). */
async function cell(field: string, row = 0) {
  return (await within(await table()).findAllByTestId(`grid-cell-${field}`))[row]!;
}
const editor = (field: string) => screen.findByTestId(`grid-edit-${field}`);

describe('inline edit in a list', () => {
  it('double-click edits a cell with its type’s input; Enter saves the one field at the row’s version and the row shows it at once', async () => {
    renderCrm(<RecordList module="leads" />);
    fireEvent.doubleClick(await cell('company'));
    const input = within(await editor('company')).getByRole('textbox');
    expect((input as HTMLInputElement).value).toBe('Acme');
    fireEvent.change(input, { target: { value: 'Acme Group' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledWith('leads', { id: 7, version: 1, company: 'Acme Group' }));
    expect(await within(await table()).findByText('Acme Group')).toBeTruthy();
    expect(screen.queryByTestId('grid-edit-company')).toBeNull();
    // The list was not read again to show it; an undo is offered.
    expect(api.listRecords).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('undo-toast')).textContent).toContain('Company saved');
  });

  it('Tab saves and opens the next editable cell of the row, whose save carries the version the first one left', async () => {
    renderCrm(<RecordList module="leads" />);
    fireEvent.doubleClick(await cell('company'));
    const company = within(await editor('company')).getByRole('textbox');
    fireEvent.change(company, { target: { value: 'Acme Group' } });
    fireEvent.keyDown(company, { key: 'Tab' });
    const email = within(await editor('email')).getByRole('textbox');
    expect(api.updateRecord).toHaveBeenCalledTimes(1);
    fireEvent.change(email, { target: { value: 'olivia@acmegroup.com' } });
    fireEvent.keyDown(email, { key: 'Tab' });
    await waitFor(() => expect(api.updateRecord).toHaveBeenLastCalledWith('leads', { id: 7, version: 2, email: 'olivia@acmegroup.com' }));
    // The status (a picklist) is next; the creation time is read-only, so Tab goes on to the next row.
    await editor('status');
    fireEvent.keyDown(within(await editor('status')).getByRole('combobox'), { key: 'Tab' });
    expect(within(await editor('company')).getByRole('textbox')).toHaveProperty('value', 'Globex');
  });

  it('Escape cancels without a request and gives the focus back to the cell; Enter on a focused cell edits it again', async () => {
    renderCrm(<RecordList module="leads" />);
    fireEvent.doubleClick(await cell('company', 1));
    const input = within(await editor('company')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Changed' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByTestId('record-table')).getAllByTestId('grid-cell-company')[1]));
    expect(within(await table()).getByText('Globex')).toBeTruthy();
    expect(api.updateRecord).not.toHaveBeenCalled();

    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(within(await editor('company')).getByRole('textbox')).toHaveProperty('value', 'Globex');
  });

  it('refuses a value the field’s check refuses, with its message, and sends nothing', async () => {
    renderCrm(<RecordList module="leads" />);
    fireEvent.doubleClick(await cell('email'));
    const input = within(await editor('email')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'not an e-mail' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Email has an invalid value');
    expect(api.updateRecord).not.toHaveBeenCalled();
    expect(screen.getByTestId('grid-edit-email')).toBeTruthy();
  });

  it('offers no editor on names (links), read-only fields, nor to users without edit; the arrows move between editable cells', async () => {
    const { unmount } = renderCrm(<RecordList module="leads" />);
    const rows = within(await table());
    await rows.findAllByTestId('grid-cell-company');
    expect(rows.queryAllByTestId('grid-cell-lastName')).toHaveLength(0);
    expect(rows.queryAllByTestId('grid-cell-createTime')).toHaveLength(0);
    // One tab stop in the table: the first editable cell; the arrows move the focus.
    const stops = rows.getAllByTestId(/^grid-cell-/).filter((c) => c.tabIndex === 0);
    expect(stops).toEqual([rows.getAllByTestId('grid-cell-company')[0]]);
    stops[0]!.focus();
    fireEvent.keyDown(stops[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(rows.getAllByTestId('grid-cell-company')[1]));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(rows.getAllByTestId('grid-cell-email')[1]));
    unmount();

    signInOlivia(['crm:leads:list', 'crm:leads:query']);
    renderCrm(<RecordList module="leads" />);
    expect(await within(await table()).findByText('Acme')).toBeTruthy();
    expect(screen.queryAllByTestId(/^grid-cell-/)).toHaveLength(0);
  });

  it('offers no editor on a row the user may only read (the page names it read-only: a read-only share); the other row edits', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 2, rows: [park, wang], lookups: {}, readOnly: [8] });
    renderCrm(<RecordList module="leads" />);
    const rows = within(await table());
    expect(await rows.findAllByTestId('grid-cell-company')).toHaveLength(1);
    const [parkRow, wangRow] = rows.getAllByRole('row').filter((r) => r.getAttribute('data-row-key'));
    expect(within(parkRow!).getByTestId('grid-cell-company').textContent).toBe('Acme');
    expect(within(wangRow!).queryAllByTestId(/^grid-cell-/)).toHaveLength(0);
    fireEvent.doubleClick(within(wangRow!).getByText('Globex'));
    expect(screen.queryByTestId('grid-edit-company')).toBeNull();
  });
});
