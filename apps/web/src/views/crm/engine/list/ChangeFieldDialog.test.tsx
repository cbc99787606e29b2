import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../../api/request';
import { chooseOption } from '../../../../test/antdSelect';
import { dictApi, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { ModuleMetaContext } from '../ModuleMetaContext';
import ChangeFieldDialog from './ChangeFieldDialog';

const api = vi.hoisted(() => ({ massUpdateRecords: vi.fn(), undoMassUpdate: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn() }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

const onDone = vi.fn();
const undo = [
  { id: 3, version: 2, values: { status: 'new' } },
  { id: 4, version: 5, values: { status: 'qualified' } },
];

async function setStatus(ids: number[]) {
  renderCrm(
    <ModuleMetaContext.Provider value={leadsMeta}>
      <ChangeFieldDialog module="leads" ids={ids} open onClose={vi.fn()} onDone={onDone} />
    </ModuleMetaContext.Provider>,
  );
  const form = await screen.findByTestId('change-field-form');
  await chooseOption(within(form).getByRole('combobox', { name: 'Field' }), 'Lead Status');
  await chooseOption(await within(form).findByRole('combobox', { name: 'Lead Status' }), 'Qualified');
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe('ChangeFieldDialog', () => {
  it('says how many records were saved and offers to undo: every record gets its previous value back in one request', async () => {
    api.massUpdateRecords.mockResolvedValue({ code: 200, msg: '', data: 2, undo });
    api.undoMassUpdate.mockResolvedValue({ code: 200, msg: '', data: 2 });
    await setStatus([3, 4, 5]);
    await waitFor(() => expect(api.massUpdateRecords).toHaveBeenCalledWith('leads', [3, 4, 5], 'status', 'qualified', {}));
    const toast = await screen.findByTestId('undo-toast');
    expect(toast.textContent).toContain('Saved 2 records');
    expect(onDone).toHaveBeenCalledTimes(1);
    fireEvent.click(within(toast).getByTestId('undo-button'));
    await waitFor(() => expect(api.undoMassUpdate).toHaveBeenCalledWith('leads', undo));
    expect(await screen.findByText('Undone')).toBeTruthy();
    // The list is fetched again after the undo.
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it('shows why an undo was refused (a record changed since: nothing restored)', async () => {
    api.massUpdateRecords.mockResolvedValue({ code: 200, msg: '', data: 2, undo });
    api.undoMassUpdate.mockRejectedValue(new RequestError('Someone else changed this record after you opened it.', 409));
    await setStatus([3, 4]);
    fireEvent.click(within(await screen.findByTestId('undo-toast')).getByTestId('undo-button'));
    expect(await screen.findByText('Someone else changed this record after you opened it.')).toBeTruthy();
    expect(screen.queryByText('Undone')).toBeNull();
  });

  it('says so when no record needed the change, with nothing to undo', async () => {
    api.massUpdateRecords.mockResolvedValue({ code: 200, msg: '', data: 0, undo: [] });
    await setStatus([3]);
    expect(await screen.findByText('Nothing to save: the selected records already had this value')).toBeTruthy();
    expect(screen.queryByTestId('undo-button')).toBeNull();
  });
});
