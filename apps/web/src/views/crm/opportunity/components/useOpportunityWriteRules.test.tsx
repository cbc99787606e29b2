import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrmRecord, ModuleMeta } from '@orbit/shared/contract/crm';
import type { DictValue } from '@orbit/shared/contract/dict';
import { field, opportunityMeta, prepareCrmTests, renderCrm, signInOlivia, simpleMeta } from '../../../../test/crmFixtures';
import RecordForm from '../../engine/form/RecordForm';
import { chooseOption } from '../../../../test/antdSelect';
import { RecordWriteRulesContext } from '../../engine/RecordWriteRulesContext';
import { useOpportunityWriteRules } from './useOpportunityWriteRules';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), createRecord: vi.fn(), updateRecord: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => {
  const stage = (dictValue: string, dictLabel: string, probability: number, dictSort: number): DictValue => ({
    dictCode: dictSort, dictSort, dictLabel, dictValue, dictType: 'crm_opportunity_stage', listClass: '', cssClass: '', isDefault: 'N', status: '0', extra: { probability },
  });
  const stages = [stage('proposal', 'Proposal', 60, 1), stage('negotiation', 'Negotiation', 80, 2), stage('closed_lost', 'Closed Lost', 0, 3)];
  return { getDictValues: async (type: string) => ({ code: 200, msg: '', data: type === 'crm_opportunity_stage' ? stages : [] }) };
});

const meta: ModuleMeta = simpleMeta('opportunity', 'name', [
  ...opportunityMeta.fields,
  field('probability', 'percent', 'Probability (%)', { decimals: 0 }),
  field('lossReason', 'text', 'Loss Reason', { maxLength: 255 }),
]);
const deal = { id: 9, name: 'Acme rollout', stage: 'proposal', probability: 60, closeDate: '2026-12-01', amount: '1000.00', lossReason: null, version: 2, ownerId: 5 } as unknown as CrmRecord;

/** The edit form as the opportunity pages show it: with their write rules and closing dialog. */
function EditForm() {
  const { rules, dialog } = useOpportunityWriteRules();
  return (
    <RecordWriteRulesContext.Provider value={rules}>
      <RecordForm module="opportunity" meta={meta} target={{ mode: 'edit', record: deal, lookups: {} }} onClose={vi.fn()} onSaved={vi.fn()} />
      {dialog}
    </RecordWriteRulesContext.Provider>
  );
}

const chooseStage = (label: string) => chooseOption(screen.getByRole('combobox', { name: 'Stage' }), label);
const probability = () => (screen.getByLabelText('Probability (%)') as HTMLInputElement).value;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: meta });
  api.updateRecord.mockResolvedValue({ code: 200, data: deal, lookups: {} });
});

describe('opportunity write rules in the form', () => {
  it('fills the stage’s probability when the stage changes, and asks for the close date and reason before closing as lost', async () => {
    renderCrm(<EditForm />);
    await screen.findByLabelText('Stage');
    await chooseStage('Negotiation');
    await waitFor(() => expect(probability()).toBe('80'));
    await chooseStage('Closed Lost');
    await waitFor(() => expect(probability()).toBe('0'));

    fireEvent.click(screen.getByTestId('record-form-save'));
    const dialog = await screen.findByTestId('close-opportunity-dialog');
    expect(api.updateRecord).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('loss-reason'), { target: { value: 'Price' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledTimes(1));
    expect(api.updateRecord.mock.calls[0]!.slice(0, 2)).toEqual([
      'opportunity',
      expect.objectContaining({ id: 9, version: 2, stage: 'closed_lost', probability: 0, lossReason: 'Price', closeDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }),
    ]);
  }, 120_000);
});
