import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardColumn } from '@orbit/shared/contract/board';
import type { CrmRecord, ModuleMeta } from '@orbit/shared/contract/crm';
import type { DictValue } from '@orbit/shared/contract/dict';
import { RequestError } from '../../../../api/request';
import { field, leadRecord, leadsMeta, opportunityMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { useOpportunityWriteRules } from '../../opportunity/components/useOpportunityWriteRules';
import { RecordWriteRulesContext } from '../RecordWriteRulesContext';
import RecordBoard from './RecordBoard';

const api = vi.hoisted(() => ({ getBoard: vi.fn(), getBoardCards: vi.fn(), updateRecord: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => {
  const value = (dictType: string, dictValue: string, dictLabel: string, dictSort: number, extra: Record<string, unknown> | null = null): DictValue => ({
    dictCode: dictSort, dictSort, dictLabel, dictValue, dictType, listClass: 'info', cssClass: '', isDefault: 'N', status: '0', extra,
  });
  const dictionaries: Record<string, DictValue[]> = {
    crm_opportunity_stage: [
      value('crm_opportunity_stage', 'proposal', 'Proposal', 1, { probability: 60 }),
      value('crm_opportunity_stage', 'negotiation', 'Negotiation', 2, { probability: 80 }),
      value('crm_opportunity_stage', 'closed_lost', 'Closed Lost', 3, { probability: 0 }),
    ],
    crm_lead_status: [value('crm_lead_status', 'new', 'New', 1), value('crm_lead_status', 'qualified', 'Qualified', 2)],
  };
  return { getDictValues: async (type: string) => ({ code: 200, msg: '', data: dictionaries[type] ?? [] }) };
});

/** Opportunities as their seed describes their board: by stage, the total and weighted amount of each column. */
const pipelineMeta: ModuleMeta = {
  ...opportunityMeta,
  fields: [...opportunityMeta.fields, field('probability', 'percent', 'Probability (%)', { decimals: 0 }), field('accountId', 'lookup', 'Account', { lookupModule: 'account' })],
  board: {
    field: 'stage',
    sums: [
      { key: 'amount', field: 'amount', weightBy: null, label: 'Total' },
      { key: 'weighted', field: 'amount', weightBy: 'probability', label: 'Weighted' },
    ],
  },
};
const deal = (id: number, name: string, stage: string, amount: string, probability: number): CrmRecord =>
  ({ id, name, stage, amount, probability, closeDate: '2026-12-01', accountId: 30, ownerId: 5, version: 3, recordTypeId: null, deptId: 3, createTime: '', updateTime: null, createBy: 5, updateBy: null }) as CrmRecord;
const column = (value: string | null, count: number, amount: string, weighted: string, cards: CrmRecord[]): BoardColumn => ({ value, count, sums: { amount, weighted }, cards });
const settings = { owner: 'all' as const, filter: null, columns: ['name', 'accountId', 'amount', 'closeDate'] };

/** The board as the opportunity list page shows it: with the page's write rules and closing dialog. */
function Pipeline() {
  const { rules, dialog } = useOpportunityWriteRules();
  return (
    <RecordWriteRulesContext.Provider value={rules}>
      <RecordBoard module="opportunity" meta={pipelineMeta} settings={settings} field="stage" />
      {dialog}
    </RecordWriteRulesContext.Provider>
  );
}

/** A native drag of a card onto a column (what a mouse does; Playwright drives the same events in e2e). */
function drag(cardId: number, value: string) {
  const dataTransfer = { setData: vi.fn(), getData: vi.fn(), effectAllowed: '', dropEffect: '' };
  const source = screen.getByTestId(`board-card-${cardId}`);
  const target = screen.getByTestId(`board-column-${value}`);
  fireEvent(source, Object.assign(createEvent.dragStart(source), { dataTransfer }));
  fireEvent(target, Object.assign(createEvent.dragOver(target), { dataTransfer }));
  fireEvent(target, Object.assign(createEvent.drop(target), { dataTransfer }));
}
const col = (value: string) => screen.getByTestId(`board-column-${value}`);
/** The board has drawn its cards. */
const screenshotReady = () => screen.findByTestId('board-card-7');
const text = (value: string, testId: string) => within(col(value)).getByTestId(testId).textContent;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getBoard.mockResolvedValue({
    code: 200,
    data: {
      field: 'stage',
      columns: [
        column('proposal', 3, '3500.50', '2100.30', [deal(1, 'Acme rollout', 'proposal', '1000.00', 60), deal(2, 'Globex renewal', 'proposal', '2500.50', 60)]),
        column('negotiation', 0, '0.00', '0.00', []),
        column('closed_lost', 0, '0.00', '0.00', []),
      ],
    },
    lookups: { account: { 30: 'Acme' }, user: { 5: 'Olivia Park' } },
  });
});

describe('the pipeline: the board of opportunities by stage', () => {
  it('shows each stage’s count and sums in the language’s currency, and cards with the list’s first columns', async () => {
    renderCrm(<Pipeline />);
    await screen.findByTestId('board-card-1');
    expect(api.getBoard).toHaveBeenCalledWith('opportunity', expect.objectContaining({ field: 'stage', fields: settings.columns, cards: 20 }));
    expect(text('proposal', 'column-count')).toBe('3');
    expect(text('proposal', 'column-amount')).toBe('$3,500.50');
    expect(text('proposal', 'column-weighted')).toBe('$2,100.30');
    const card = within(screen.getByTestId('board-card-2'));
    expect(card.getByText('Globex renewal')).toBeTruthy();
    expect(card.getByText('Acme')).toBeTruthy();
    expect(card.getByText('$2,500.50')).toBeTruthy();
    expect(card.getByText('Close Date')).toBeTruthy();
    // Two of three loaded: the column offers the rest, a page of the column.
    expect(within(col('proposal')).getByTestId('column-load-more').textContent).toContain('1');
    expect(within(col('negotiation')).getByText('No records')).toBeTruthy();
    api.getBoardCards.mockResolvedValue({ code: 200, data: [deal(9, 'Initech pilot', 'proposal', '10.00', 60)], lookups: {} });
    fireEvent.click(within(col('proposal')).getByTestId('column-load-more'));
    await within(col('proposal')).findByText('Initech pilot');
    expect(api.getBoardCards).toHaveBeenCalledWith('opportunity', expect.objectContaining({ field: 'stage', value: 'proposal', pageNum: 2, pageSize: 20 }));
    expect(within(col('proposal')).queryByTestId('column-load-more')).toBeNull();
  });

  it('moves a card with its count and sums at once — the new stage’s probability weighs it — and keeps them when the server agrees', async () => {
    let accept!: (answer: unknown) => void;
    api.updateRecord.mockReturnValue(new Promise((resolve) => (accept = resolve)));
    renderCrm(<Pipeline />);
    await screen.findByTestId('board-card-1');
    act(() => drag(1, 'negotiation'));
    await waitFor(() => expect(within(col('negotiation')).queryByTestId('board-card-1')).toBeTruthy());
    // Before the server answers: 1000 left Proposal (60 %) and counts at 80 % in Negotiation.
    expect([text('proposal', 'column-count'), text('proposal', 'column-amount'), text('proposal', 'column-weighted')]).toEqual(['2', '$2,500.50', '$1,500.30']);
    expect([text('negotiation', 'column-count'), text('negotiation', 'column-amount'), text('negotiation', 'column-weighted')]).toEqual(['1', '$1,000.00', '$800.00']);
    expect(api.updateRecord).toHaveBeenCalledWith('opportunity', { id: 1, version: 3, stage: 'negotiation' });
    // A card on its way cannot be moved again until the server has answered.
    expect(screen.getByTestId('board-card-1').getAttribute('draggable')).toBe('false');
    // Accepted: the board is asked again, and its answer (which has the move) replaces what was shown.
    const moved = { ...deal(1, 'Acme rollout', 'negotiation', '1000.00', 80), version: 4 };
    api.getBoard.mockResolvedValue({
      code: 200,
      data: {
        field: 'stage',
        columns: [
          column('proposal', 2, '2500.50', '1500.30', [deal(2, 'Globex renewal', 'proposal', '2500.50', 60)]),
          column('negotiation', 1, '1000.00', '800.00', [moved]),
          column('closed_lost', 0, '0.00', '0.00', []),
        ],
      },
      lookups: {},
    });
    await act(async () => accept({ code: 200, data: moved }));
    await waitFor(() => expect(api.getBoard).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('board-card-1').getAttribute('draggable')).toBe('true'));
    expect([text('proposal', 'column-count'), text('negotiation', 'column-count'), text('negotiation', 'column-weighted')]).toEqual(['2', '1', '$800.00']);
  });

  it('a refused move goes back, counts and sums too, with the server’s message', async () => {
    let refuse!: (error: unknown) => void;
    api.updateRecord.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    renderCrm(<Pipeline />);
    await screen.findByTestId('board-card-1');
    act(() => drag(1, 'negotiation'));
    await waitFor(() => expect(text('negotiation', 'column-count')).toBe('1'));
    await act(async () => refuse(new RequestError('Someone else changed this record after you opened it.', 409)));
    expect(await screen.findByText('Someone else changed this record after you opened it.')).toBeTruthy();
    expect(within(col('proposal')).getByTestId('board-card-1')).toBeTruthy();
    expect(within(col('negotiation')).queryByTestId('board-card-1')).toBeNull();
    expect([text('proposal', 'column-count'), text('proposal', 'column-amount'), text('negotiation', 'column-count'), text('negotiation', 'column-weighted')]).toEqual([
      '3',
      '$3,500.50',
      '0',
      '$0.00',
    ]);
  });

  it('closing as lost asks for the close date and the reason first; cancelling sends nothing and moves nothing', async () => {
    const lost = deal(2, 'Globex renewal', 'closed_lost', '2500.50', 0);
    // The board asked again after the save has the card where the server put it (a refetch may come before the check).
    api.updateRecord.mockImplementation(async () => {
      api.getBoard.mockResolvedValue({
        code: 200,
        data: {
          field: 'stage',
          columns: [
            column('proposal', 2, '1000.00', '600.00', [deal(1, 'Acme rollout', 'proposal', '1000.00', 60)]),
            column('negotiation', 0, '0.00', '0.00', []),
            column('closed_lost', 1, '2500.50', '0.00', [lost]),
          ],
        },
        lookups: {},
      });
      return { code: 200, data: lost };
    });
    renderCrm(<Pipeline />);
    await screen.findByTestId('board-card-2');
    act(() => drag(2, 'closed_lost'));
    const dialog = await screen.findByTestId('close-opportunity-dialog');
    expect(within(dialog).getByText('Close as lost')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(col('proposal')).getByTestId('board-card-2')).toBeTruthy());
    expect(text('closed_lost', 'column-count')).toBe('0');
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
    await waitFor(() => expect(text('closed_lost', 'column-count')).toBe('1'));
    expect(text('closed_lost', 'column-weighted')).toBe('$0.00');
  });
});

describe('a board of any module by any picklist', () => {
  beforeEach(() => {
    api.getBoard.mockResolvedValue({
      code: 200,
      data: {
        field: 'status',
        columns: [
          { value: 'new', count: 1, sums: {}, cards: [leadRecord({ id: 7, status: 'new' })] },
          { value: 'qualified', count: 0, sums: {}, cards: [] },
          { value: null, count: 1, sums: {}, cards: [leadRecord({ id: 8, lastName: 'Nobody', status: null })] },
        ],
      },
      lookups: {},
    });
  });

  it('moves a lead from the keyboard or a phone with "Move to", and keeps a required field out of the column without a value', async () => {
    const moved = leadRecord({ id: 7, status: 'qualified', version: 5 });
    // As the server does: once it has saved the move, the board it answers has the card in its new column.
    api.updateRecord.mockImplementation(async () => {
      api.getBoard.mockResolvedValue({
        code: 200,
        data: {
          field: 'status',
          columns: [
            { value: 'new', count: 0, sums: {}, cards: [] },
            { value: 'qualified', count: 1, sums: {}, cards: [moved] },
            { value: null, count: 1, sums: {}, cards: [leadRecord({ id: 8, lastName: 'Nobody', status: null })] },
          ],
        },
        lookups: {},
      });
      return { code: 200, data: moved };
    });
    renderCrm(<RecordBoard module="leads" meta={leadsMeta} settings={{ owner: 'all', filter: null, columns: ['lastName', 'company'] }} field="status" />);
    await screen.findByTestId('board-card-7');
    expect(within(col('new')).getByText('Acme')).toBeTruthy();
    expect(within(screen.getByTestId('board-column-none')).getByText('No value')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('board-card-7')).getByRole('button', { name: 'Move Olivia Park to another column' }));
    const menu = await screen.findByRole('menu');
    // Status is required: "No value" is offered to no card, as it takes no drop either.
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Qualified']);
    fireEvent.click(within(menu).getByText('Qualified'));
    await waitFor(() => expect(within(col('qualified')).getByTestId('board-card-7')).toBeTruthy());
    expect(api.updateRecord).toHaveBeenCalledWith('leads', { id: 7, version: 4, status: 'qualified' });
    expect([text('new', 'column-count'), text('qualified', 'column-count')]).toEqual(['0', '1']);
    act(() => drag(7, 'none'));
    expect(api.updateRecord).toHaveBeenCalledTimes(1);
  });

  it('takes no card into a value of the module’s path that only an action reaches (a lead is converted by converting it)', async () => {
    const meta = { ...leadsMeta, path: { field: 'status', closed: ['qualified'], byAction: ['qualified'] } };
    renderCrm(<RecordBoard module="leads" meta={meta} settings={{ owner: 'all', filter: null, columns: ['lastName'] }} field="status" />);
    await screenshotReady();
    act(() => drag(7, 'qualified'));
    expect(api.updateRecord).not.toHaveBeenCalled();
    expect(within(col('new')).getByTestId('board-card-7')).toBeTruthy();
    expect(within(screen.getByTestId('board-card-7')).queryByTestId('board-card-move')).toBeNull();
  });

  it('offers no move without the edit permission', async () => {
    signInOlivia(['crm:leads:list']);
    renderCrm(<RecordBoard module="leads" meta={leadsMeta} settings={{ owner: 'all', filter: null, columns: ['lastName'] }} field="status" />);
    await screen.findByTestId('board-card-7');
    expect(screen.getByTestId('board-card-7').getAttribute('draggable')).toBe('false');
    expect(screen.queryByTestId('board-card-move')).toBeNull();
  });

  it('offers no move on a card the user may only read (the board names it read-only: a read-only share); the others move', async () => {
    const answer = await api.getBoard();
    api.getBoard.mockResolvedValue({ ...answer, readOnly: [7] });
    renderCrm(<RecordBoard module="leads" meta={leadsMeta} settings={{ owner: 'all', filter: null, columns: ['lastName'] }} field="status" />);
    await screen.findByTestId('board-card-7');
    expect(screen.getByTestId('board-card-7').getAttribute('draggable')).toBe('false');
    expect(within(screen.getByTestId('board-card-7')).queryByTestId('board-card-move')).toBeNull();
    expect(screen.getByTestId('board-card-8').getAttribute('draggable')).toBe('true');
    act(() => drag(7, 'qualified'));
    expect(api.updateRecord).not.toHaveBeenCalled();
  });
});
