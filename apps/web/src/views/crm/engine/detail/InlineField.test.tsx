import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../../api/request';
import { dictApi, leadFields, leadRecord, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import InlineField from './InlineField';

const api = vi.hoisted(() => ({ updateRecord: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn() }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

const lead = leadRecord();

function renderField(layoutField: Parameters<typeof InlineField>[0]['layoutField'], extra: { canEdit?: boolean; onSaved?: () => void; onReload?: () => void } = {}) {
  return renderCrm(
    <InlineField
      module="leads"
      record={lead}
      lookups={{}}
      layoutField={layoutField}
      canEdit={extra.canEdit ?? true}
      onSaved={extra.onSaved ?? vi.fn()}
      onReload={extra.onReload ?? vi.fn()}
    />,
  );
}
const company = { field: leadFields.company, item: { field: 'company' }, editable: true, required: false };
const lastName = { field: leadFields.lastName, item: { field: 'lastName' }, editable: true, required: true };

describe('InlineField', () => {
  it('saves one field with the record\'s version and nothing else', async () => {
    const answer = { code: 200, data: { ...lead, company: 'Acme Corp', version: 5 }, lookups: {} };
    api.updateRecord.mockResolvedValue(answer);
    const onSaved = vi.fn();
    renderField(company, { onSaved });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Company' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: ' Acme Corp ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(answer));
    expect(api.updateRecord).toHaveBeenCalledWith('leads', { id: 7, version: 4, company: 'Acme Corp' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers to undo the change: Undo sends the previous value at the version the edit left, through the same update', async () => {
    const saved = { code: 200, data: { ...lead, company: 'Acme Corp', version: 5 }, lookups: {} };
    const undone = { code: 200, data: { ...lead, company: 'Acme', version: 6 }, lookups: {} };
    api.updateRecord.mockResolvedValueOnce(saved).mockResolvedValueOnce(undone);
    const onSaved = vi.fn();
    renderField(company, { onSaved });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Company' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Acme Corp' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect((await screen.findByTestId('undo-toast')).textContent).toContain('Company saved');
    fireEvent.click(screen.getByTestId('undo-button'));
    await waitFor(() => expect(onSaved).toHaveBeenLastCalledWith(undone));
    expect(api.updateRecord).toHaveBeenLastCalledWith('leads', { id: 7, version: 5, company: 'Acme' });
    expect(await screen.findByText('Undone')).toBeTruthy();
  });

  it('refuses an empty required field with the server\'s message, without a request', async () => {
    renderField(lastName);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Last Name' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in last name');
    expect(api.updateRecord).not.toHaveBeenCalled();
  });

  it('sends nothing when the value did not change, and Escape leaves the field as it was', async () => {
    renderField(company);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Company' }));
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Edit Company' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Other' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(api.updateRecord).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal of the value under the input', async () => {
    api.updateRecord.mockRejectedValue(new RequestError("Company 'Globex' is already in use", 400, { company: "Company 'Globex' is already in use" }));
    renderField(company);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Company' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Globex' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Company 'Globex' is already in use");
  });

  it('offers to reload when someone else changed the record meanwhile', async () => {
    api.updateRecord.mockRejectedValue(new RequestError('Someone else changed this record after you opened it.', 409));
    const onReload = vi.fn();
    renderField(company, { onReload });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Company' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Globex' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
  });

  it('offers no pencil on read-only and system fields, or to users who may not edit', () => {
    const { unmount } = renderField({ field: leadFields.createTime, item: { field: 'createTime' }, editable: false, required: false });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderField(company, { canEdit: false });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
