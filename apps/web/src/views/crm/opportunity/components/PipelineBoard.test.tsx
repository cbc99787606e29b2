import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { DictValue } from '@orbit/shared/contract/dict';
import type { PipelineColumn } from '@orbit/shared/crm/opportunityStages';
import { RequestError } from '../../../../api/request';
import { opportunityMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { RecordWriteRulesContext } from '../../engine/RecordWriteRulesContext';
import PipelineBoard from './PipelineBoard';
import { useOpportunityWriteRules } from './useOpportunityWriteRules';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), listRecords: vi.fn(), updateRecord: vi.fn(), metaVersionSeen: { use: () => null } }));
const boardApi = vi.hoisted(() => ({ getPipelineBoard: vi.fn() }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/crmOpportunity', () => boardApi);
vi.mock('../../../../api/system/dict', () => {
  const stage = (dictValue: string, dictLabel: string, probability: number, dictSort: number): DictValue => ({
    dictCode: dictSort, dictSort, dictLabel, dictValue, dictType: 'crm_opportunity_stage', listClass: 'info', cssClass: '', isDefault: 'N', status: '0', extra: { probability },
  });
  const stages = [stage('proposal', 'Proposal', 60, 1), stage('negotiation', 'Negotiation', 80, 2), stage('closed_lost', 'Closed Lost', 0, 3)];
  return { getDictValues: async (type: string) => ({ code: 200, msg: '', data: type === 'crm_opportunity_stage' ? stages : [] }) };
});

const card = (id: number, name: string, stage: string, amount: string): CrmRecord =>
  ({ id, name, stage, amount, closeDate: '2026-12-01', accountId: 30, ownerId: 5, version: 3, recordTypeId: null, deptId: 3, createTime: '', updateTime: null, createBy: 5, updateBy: null }) as CrmRecord;
const column = (stage: string, count: number, amount: string, weightedAmount: string, cards: CrmRecord[]): PipelineColumn => ({ stage, count, amount, weightedAmount, cards });

/** The board as the opportunity list page shows it: with the page's write rules and closing dialog. */
function Board() {
  const { rules, dialog } = useOpportunityWriteRules();
  return (
    <RecordWriteRulesContext.Provider value={rules}>
      <PipelineBoard settings={{ owner: 'all', filter: null, columns: [] }} />
      {dialog}
    </RecordWriteRulesContext.Provider>
  );
}

/** A native drag of a card onto a column (what a mouse does; Playwright drives the same events in e2e). */
function drag(cardId: number, stage: string) {
  const dataTransfer = { setData: vi.fn(), getData: vi.fn(), effectAllowed: '', dropEffect: '' };
  const source = screen.getByTestId(`board-card-${cardId}`);
  const target = screen.getByTestId(`board-column-${stage}`);
  fireEvent(source, Object.assign(createEvent.dragStart(source), { dataTransfer }));
  fireEvent(target, Object.assign(createEvent.dragOver(target), { dataTransfer }));
  fireEvent(target, Object.assign(createEvent.drop(target), { dataTransfer }));
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: opportunityMeta });
  boardApi.getPipelineBoard.mockResolvedValue({
    code: 200,
    data: [
      column('proposal', 3, '3500.50', '2100.30', [card(1, 'Acme rollout', 'proposal', '1000.00'), card(2, 'Globex renewal', 'proposal', '2500.50')]),
      column('negotiation', 0, '0.00', '0.00', []),
      column('closed_lost', 0, '0.00', '0.00', []),
    ],
    lookups: { account: { 30: 'Acme' }, user: { 5: 'Olivia Park' } },
  });
});

describe('PipelineBoard', () => {
  it('shows each stage’s count, amount and weighted amount in the language’s currency, and its cards', async () => {
    renderCrm(<Board />);
    const proposal = await screen.findByTestId('board-column-proposal');
    expect(within(proposal).getByTestId('column-count').textContent).toBe('3');
    expect(within(proposal).getByTestId('column-amount').textContent).toBe('$3,500.50');
    expect(within(proposal).getByTestId('column-weighted').textContent).toBe('$2,100.30');
    expect(within(proposal).getByText('Acme rollout')).toBeTruthy();
    expect(within(proposal).getAllByText('Acme')).toHaveLength(2);
    expect(within(proposal).getByText('$2,500.50')).toBeTruthy();
    // Two of three loaded: the column offers the rest.
    expect(within(proposal).getByTestId('column-load-more').textContent).toContain('1');
    expect(within(screen.getByTestId('board-column-negotiation')).getByText('No opportunities')).toBeTruthy();
  });

  it('a move is an update with the card’s version; a refused one snaps back and shows the server’s message', async () => {
    let refuse!: (error: unknown) => void;
    api.updateRecord.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    renderCrm(<Board />);
    await screen.findByTestId('board-card-1');
    act(() => drag(1, 'negotiation'));
    // Shown in its new column while the server decides.
    await waitFor(() => expect(within(screen.getByTestId('board-column-negotiation')).queryByTestId('board-card-1')).toBeTruthy());
    expect(api.updateRecord).toHaveBeenCalledWith('opportunity', { id: 1, version: 3, stage: 'negotiation' });
    await act(async () => refuse(new RequestError('Someone else changed this record after you opened it.', 409)));
    expect(await screen.findByText('Someone else changed this record after you opened it.')).toBeTruthy();
    expect(within(screen.getByTestId('board-column-proposal')).getByTestId('board-card-1')).toBeTruthy();
    expect(within(screen.getByTestId('board-column-negotiation')).queryByTestId('board-card-1')).toBeNull();
  });

  it('closing as lost asks for the close date and the reason first; cancelling sends nothing and snaps back', async () => {
    api.updateRecord.mockResolvedValue({ code: 200, data: card(2, 'Globex renewal', 'closed_lost', '2500.50') });
    renderCrm(<Board />);
    await screen.findByTestId('board-card-2');
    act(() => drag(2, 'closed_lost'));
    const dialog = await screen.findByTestId('close-opportunity-dialog');
    expect(within(dialog).getByText('Close as lost')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(screen.getByTestId('board-column-proposal')).getByTestId('board-card-2')).toBeTruthy());
    expect(api.updateRecord).not.toHaveBeenCalled();

    act(() => drag(2, 'closed_lost'));
    const again = await screen.findByTestId('close-opportunity-dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'OK' }));
    expect(await within(again).findByText('Please fill in the loss reason to close this opportunity as lost')).toBeTruthy();
    fireEvent.change(within(again).getByTestId('loss-reason'), { target: { value: 'Price' } });
    fireEvent.click(within(again).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.updateRecord).toHaveBeenCalledTimes(1));
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(api.updateRecord).toHaveBeenCalledWith('opportunity', { id: 2, version: 3, stage: 'closed_lost', closeDate: iso, lossReason: 'Price' });
  });
});
