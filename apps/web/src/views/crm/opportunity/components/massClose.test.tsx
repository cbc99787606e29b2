import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import type { DictValue } from '@orbit/shared/contract/dict';
import { field, opportunityMeta, prepareCrmTests, renderCrm, signInOlivia, simpleMeta } from '../../../../test/crmFixtures';
import { chooseOption } from '../../../../test/antdSelect';
import ChangeFieldDialog from '../../engine/list/ChangeFieldDialog';
import { ModuleMetaContext } from '../../engine/ModuleMetaContext';
import { RecordWriteRulesContext } from '../../engine/RecordWriteRulesContext';
import { useOpportunityWriteRules } from './useOpportunityWriteRules';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), massUpdateRecords: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => {
  const stage = (dictValue: string, dictLabel: string, probability: number, dictSort: number): DictValue => ({
    dictCode: dictSort, dictSort, dictLabel, dictValue, dictType: 'crm_opportunity_stage', listClass: '', cssClass: '', isDefault: 'N', status: '0', extra: { probability },
  });
  const stages = [stage('proposal', 'Proposal', 60, 1), stage('closed_lost', 'Closed Lost', 0, 2)];
  return { getDictValues: async (type: string) => ({ code: 200, msg: '', data: type === 'crm_opportunity_stage' ? stages : [] }) };
});

const meta: ModuleMeta = simpleMeta('opportunity', 'name', [...opportunityMeta.fields, field('lossReason', 'text', 'Loss Reason', { maxLength: 255 })]);
const onDone = vi.fn();

/** The list's "change a field" mass action as the opportunity list shows it: with the module's write rules. */
function MassChange() {
  const { rules, dialog } = useOpportunityWriteRules();
  return (
    <ModuleMetaContext.Provider value={meta}>
      <RecordWriteRulesContext.Provider value={rules}>
        <ChangeFieldDialog module="opportunity" ids={[3, 4]} open onClose={vi.fn()} onDone={onDone} />
        {dialog}
      </RecordWriteRulesContext.Provider>
    </ModuleMetaContext.Provider>
  );
}

async function chooseClosedLost() {
  renderCrm(<MassChange />);
  const form = await screen.findByTestId('change-field-form');
  await chooseOption(within(form).getByRole('combobox', { name: 'Field' }), 'Stage');
  await chooseOption(await within(form).findByRole('combobox', { name: 'Stage' }), 'Closed Lost');
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  return screen.findByTestId('close-opportunity-dialog');
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: meta });
  api.massUpdateRecords.mockResolvedValue({ code: 200, data: 2, undo: [] });
});

describe('a mass change to a closed stage', () => {
  it('asks for the close date and loss reason for all the selected opportunities, and sends them with the change', async () => {
    const closing = await chooseClosedLost();
    expect(within(closing).getByText('Closing 2 opportunities records the date each was closed.')).toBeTruthy();
    expect(api.massUpdateRecords).not.toHaveBeenCalled();
    fireEvent.change(within(closing).getByTestId('loss-reason'), { target: { value: 'Budget cut' } });
    fireEvent.click(within(closing).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.massUpdateRecords).toHaveBeenCalledTimes(1));
    expect(api.massUpdateRecords.mock.calls[0]).toEqual([
      'opportunity', [3, 4], 'stage', 'closed_lost', { lossReason: 'Budget cut', closeDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // How many were saved.
    expect((await screen.findByTestId('undo-toast')).textContent).toContain('Saved 2 records');
  }, 120_000);

  it('sends nothing when the closing question is cancelled, and keeps the mass dialog open', async () => {
    const closing = await chooseClosedLost();
    fireEvent.click(within(closing).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('close-opportunity-dialog')).toBeNull());
    expect(api.massUpdateRecords).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('change-field-form')).toBeTruthy();
  }, 120_000);
});
