import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { RequestError } from '../../../../api/request';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import RecordForm, { type RecordFormTarget } from './RecordForm';

const api = vi.hoisted(() => ({ createRecord: vi.fn(), updateRecord: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn() }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.createRecord.mockResolvedValue({ code: 200, data: 31 });
  api.updateRecord.mockImplementation(async (_m, update: CrmRecord) => ({ code: 200, data: { ...lead, ...update, version: lead.version + 1 }, lookups: {} }));
});

const lead = leadRecord({ phone: null, website: null, rating: null, description: null, campaignId: null, convertedAt: null });

function renderForm(target: RecordFormTarget, extra: { onSaved?: () => void; onReload?: () => void } = {}) {
  return renderCrm(<RecordForm module="leads" meta={leadsMeta} target={target} onClose={vi.fn()} onSaved={extra.onSaved ?? vi.fn()} onReload={extra.onReload} />);
}
const save = () => fireEvent.click(screen.getByTestId('record-form-save'));
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('RecordForm', () => {
  it('draws the layout of the record type, refuses a missing last name with the server\'s own message', async () => {
    renderForm({ mode: 'create', recordTypeId: 1 });
    expect(await screen.findByText('Lead Information')).toBeTruthy();
    expect(screen.getByText('System Information')).toBeTruthy();
    // Nothing to type in a new record's read-only fields.
    expect(screen.queryByLabelText('Created')).toBeNull();
    expect(screen.queryByText('Converted')).toBeNull();
    save();
    expect(await within(itemOf('Last Name')).findByText('Please fill in last name')).toBeTruthy();
    expect(api.createRecord).not.toHaveBeenCalled();
  });

  it('makes e-mail required where the layout says so (the partner layout), with SPEC §5\'s message', async () => {
    renderForm({ mode: 'create', recordTypeId: 2 });
    fireEvent.change(await screen.findByLabelText('Last Name'), { target: { value: 'Wang' } });
    save();
    expect(await within(itemOf('Email')).findByText('Please fill in email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    await waitFor(() => expect(itemOf('Email').querySelector('.ant-form-item-explain-error')?.textContent).toBe('Email has an invalid value'), { timeout: 5000 });
    expect(api.createRecord).not.toHaveBeenCalled();
  });

  it('creates with the field defaults, the current user as owner and the chosen record type', async () => {
    const onSaved = vi.fn();
    renderForm({ mode: 'create', recordTypeId: 1 }, { onSaved });
    fireEvent.change(await screen.findByLabelText('Last Name'), { target: { value: '  Wang ' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(31));
    const body = api.createRecord.mock.calls[0]![1] as Record<string, unknown>;
    expect(api.createRecord.mock.calls[0]![0]).toBe('leads');
    expect(body).toMatchObject({ lastName: 'Wang', status: 'new', ownerId: 5, recordTypeId: 1, firstName: null, employees: null });
    expect(body).not.toHaveProperty('createTime');
    expect(body).not.toHaveProperty('convertedAt');
  });

  it('judges a number as typed, digit by digit, as the server does: no float rounds it into an accepted value first', async () => {
    renderForm({ mode: 'create', recordTypeId: 1 });
    fireEvent.change(await screen.findByLabelText('Last Name'), { target: { value: 'Wang' } });
    const employees = await screen.findByLabelText('Employees');
    for (const [typed, message] of [
      ['99999999999999999', 'Please enter a number of at most 15 digits'],
      ['1.0000000000000001', 'Please enter a whole number'],
    ]) {
      fireEvent.change(employees, { target: { value: typed } });
      save();
      await waitFor(() => expect(itemOf('Employees').querySelector('.ant-form-item-explain-error')?.textContent).toBe(message), { timeout: 5000 });
    }
    expect(api.createRecord).not.toHaveBeenCalled();
    fireEvent.change(employees, { target: { value: '999999999999999' } });
    save();
    await waitFor(() => expect(api.createRecord).toHaveBeenCalled());
    expect(api.createRecord.mock.calls[0]![1]).toMatchObject({ employees: 999999999999999 });
  });

  it('updates with the version and only the fields that changed', async () => {
    const onSaved = vi.fn();
    renderForm({ mode: 'edit', record: lead, lookups: { user: { 5: 'Olivia Park' } } }, { onSaved });
    const company = await screen.findByLabelText('Company');
    expect((company as HTMLInputElement).value).toBe('Acme');
    fireEvent.change(company, { target: { value: 'Acme Corp' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    expect(api.updateRecord).toHaveBeenCalledWith('leads', { id: 7, version: 4, company: 'Acme Corp' }, undefined);
  });

  it('a duplicate warning lists the matches; "Save anyway" sends the same record again with the reason', async () => {
    const found = { action: 'warn', ruleId: 1, ruleName: 'Same e-mail', matches: [{ id: 12, label: 'Ann Wang', detail: 'ann@acme.example', ownerName: 'Olivia Park' }], hiddenCount: 2 };
    api.createRecord.mockRejectedValueOnce(new RequestError('Possible duplicate', 409, undefined, false, found));
    const onSaved = vi.fn();
    renderForm({ mode: 'create', recordTypeId: 1 }, { onSaved });
    fireEvent.change(await screen.findByLabelText('Last Name'), { target: { value: 'Wang' } });
    save();
    const dialog = await screen.findByTestId('duplicate-dialog');
    expect(within(dialog).getByText('Ann Wang')).toBeTruthy();
    expect(within(dialog).getByText('2 more matching record(s) you have no access to')).toBeTruthy();
    expect((screen.getByTestId('duplicate-save-anyway') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('duplicate-reason'), { target: { value: 'Another Ann' } });
    fireEvent.click(screen.getByTestId('duplicate-save-anyway'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(31));
    expect(api.createRecord).toHaveBeenCalledTimes(2);
    expect(api.createRecord.mock.calls[1]![2]).toEqual({ reason: 'Another Ann' });
    expect(api.createRecord.mock.calls[1]![1]).toEqual(api.createRecord.mock.calls[0]![1]);
  });

  it('puts the server\'s field errors on the fields', async () => {
    api.updateRecord.mockRejectedValue(new RequestError("Email 'olivia@acme.com' is already in use", 400, { email: "Email 'olivia@acme.com' is already in use" }));
    renderForm({ mode: 'edit', record: lead, lookups: {} });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'olivia@acme.com ' } });
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme Corp' } });
    save();
    expect(await within(itemOf('Email')).findByText("Email 'olivia@acme.com' is already in use")).toBeTruthy();
  });

  it('says when someone else changed the record meanwhile and offers to reload it', async () => {
    const onReload = vi.fn();
    api.updateRecord.mockRejectedValue(new RequestError('Someone else changed this record after you opened it.', 409));
    renderForm({ mode: 'edit', record: lead, lookups: {} }, { onReload });
    fireEvent.change(await screen.findByLabelText('Company'), { target: { value: 'Acme Corp' } });
    save();
    expect(await screen.findByText('Someone else changed this record after you opened it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
  });
});
