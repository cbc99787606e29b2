import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardColumn } from '@orbit/shared/contract/board';
import type { CrmRecord, ModuleMeta } from '@orbit/shared/contract/crm';
import type { DictValue } from '@orbit/shared/contract/dict';
import { changeLanguage } from '../../../../i18n/i18n';
import { field, opportunityMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { boardSumsOf, cardPart } from './boardSums';
import RecordBoard from './RecordBoard';

const api = vi.hoisted(() => ({ getBoard: vi.fn(), getBoardCards: vi.fn(), updateRecord: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => {
  const value = (dictValue: string, dictLabel: string, dictSort: number): DictValue => ({
    dictCode: dictSort, dictSort, dictLabel, dictValue, dictType: 'crm_opportunity_stage', listClass: 'info', cssClass: '', isDefault: 'N', status: '0', extra: { probability: 60 },
  });
  return { getDictValues: async () => ({ code: 200, msg: '', data: [value('proposal', 'Proposal', 1), value('negotiation', 'Negotiation', 2)] }) };
});

const meta: ModuleMeta = {
  ...opportunityMeta,
  fields: [...opportunityMeta.fields, field('currency', 'picklist', 'Currency', { dictType: 'crm_currency' })],
  board: { field: 'stage', sums: [{ key: 'amount', field: 'amount', weightBy: null, label: 'Total' }] },
};
const deal = (id: number, name: string, amount: string, currency: string): CrmRecord =>
  ({ id, name, stage: 'proposal', amount, currency, closeDate: '2026-12-01', ownerId: 5, version: 1, recordTypeId: null, deptId: 3, createTime: '', updateTime: null, createBy: 5, updateBy: null }) as CrmRecord;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});
afterEach(() => changeLanguage('en'));

/**
 * Each amount in its record's currency (issue 33): a euro deal reads €, a dollar one US$ in
 * Chinese — never relabelled — and a column that mixes them says its total was converted.
 */
describe('amounts in their record’s currency', () => {
  it('shows each card in its own currency by the reader’s language, and a mixed column’s total as converted to the organisation’s', async () => {
    await changeLanguage('zh');
    const columns: BoardColumn[] = [
      { value: 'proposal', count: 2, sums: { amount: '1390.50' }, converted: true, cards: [deal(1, 'Euro deal', '1000.00', 'EUR'), deal(2, 'Dollar deal', '250.50', 'USD')] },
      { value: 'negotiation', count: 1, sums: { amount: '36500.50' }, cards: [deal(3, 'Dollar only', '36500.50', 'USD')] },
    ];
    api.getBoard.mockResolvedValue({ code: 200, data: { field: 'stage', columns, currency: 'USD' }, lookups: {} });
    renderCrm(<RecordBoard module="opportunity" meta={meta} settings={{ owner: 'all', filter: null, columns: ['name', 'amount'] }} field="stage" />);
    const euro = within(await screen.findByTestId('board-card-1'));
    expect(euro.getByText('€1,000.00')).toBeTruthy();
    expect(within(screen.getByTestId('board-card-2')).getByText('US$250.50')).toBeTruthy();
    const proposal = within(screen.getByTestId('board-column-proposal'));
    expect(proposal.getByTestId('column-amount').textContent).toBe('US$1,390.50');
    expect(proposal.getByTestId('column-converted').textContent).toBe('已折算为 USD');
    // One currency only: nothing was converted, nothing is said.
    expect(within(screen.getByTestId('board-column-negotiation')).queryByTestId('column-converted')).toBeNull();
  });

  it('writes the column totals in the currency the board answers (the reader’s display currency), not the organisation’s', async () => {
    const columns: BoardColumn[] = [
      { value: 'proposal', count: 2, sums: { amount: '45682.27' }, converted: true, cards: [deal(1, 'Euro deal', '12500.00', 'EUR'), deal(2, 'Dollar deal', '36500.50', 'USD')] },
    ];
    api.getBoard.mockResolvedValue({ code: 200, data: { field: 'stage', columns, currency: 'EUR' }, lookups: {} });
    renderCrm(<RecordBoard module="opportunity" meta={meta} settings={{ owner: 'all', filter: null, columns: ['name', 'amount'] }} field="stage" />);
    expect(within(await screen.findByTestId('board-card-2')).getByText('$36,500.50')).toBeTruthy();
    const proposal = within(screen.getByTestId('board-column-proposal'));
    expect(proposal.getByTestId('column-amount').textContent).toBe('€45,682.27');
    expect(proposal.getByTestId('column-converted').textContent).toBe('converted to EUR');
  });

  it('formats a record’s amount in its currency, the organisation’s when it has none', () => {
    const amount = field('amount', 'currency', 'Amount');
    const { container, rerender } = renderCrm(<FieldDisplay field={amount} value="1234.5" currency="EUR" />);
    expect(container.textContent).toBe('€1,234.50');
    rerender(<FieldDisplay field={amount} value="1234.5" currency="JPY" />);
    expect(container.textContent).toBe('¥1,235');
    rerender(<FieldDisplay field={amount} value="1234.5" />);
    expect(container.textContent).toBe('$1,234.50');
  });

  it('moves a card’s amount between columns at once only when it is in the sums’ currency (the server converts the others)', () => {
    const [sum] = boardSumsOf(meta.board.sums, meta.fields, 'USD');
    expect(cardPart(deal(1, 'Dollar deal', '250.50', 'USD'), sum!)).toBe(25050n);
    expect(cardPart(deal(2, 'Euro deal', '1000.00', 'EUR'), sum!)).toBe(0n);
  });
});
