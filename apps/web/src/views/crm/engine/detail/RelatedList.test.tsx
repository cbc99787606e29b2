import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictApi, field, opportunityMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import RelatedList from './RelatedList';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), listRecords: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

/** An account's opportunities: the opportunity module's `accountId` points at the account. */
const meta = { ...opportunityMeta, fields: [...opportunityMeta.fields, field('accountId', 'lookup', 'Account', { lookupModule: 'account' })] };
const related = { module: 'opportunity' as const, field: 'accountId', label: 'Account' };

/** The card, found afresh: the one drawn while the metadata loads is replaced by the list's. */
const card = () => screen.getByTestId('related-opportunity-accountId');

/** A promise the test settles when it chooses: the answer "arriving" mid-test. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe('RelatedList', () => {
  it('shows placeholder rows and no count while its metadata and rows load, then the rows with their count', async () => {
    const metaAnswer = later<unknown>();
    const rows = later<unknown>();
    api.getModuleMeta.mockReturnValue(metaAnswer.promise);
    api.listRecords.mockReturnValue(rows.promise);
    renderCrm(<RelatedList module="account" id={3} related={related} title="Opportunities" />);

    expect(within(card()).getByText('Opportunities')).toBeTruthy();
    expect(within(card()).getByTestId('related-loading').getAttribute('aria-busy')).toBe('true');

    metaAnswer.settle({ code: 200, data: meta });
    await vi.waitFor(() => expect(api.listRecords).toHaveBeenCalled(), { timeout: 10_000 });
    // The metadata is in, the rows are not: still no "(0)", no "None yet", no "No data".
    expect(within(card()).getByText('Opportunities')).toBeTruthy();
    expect(within(card()).queryByText(/\(0\)/)).toBeNull();
    expect(within(card()).queryByText('None yet')).toBeNull();
    expect(within(card()).queryByText('No data')).toBeNull();
    expect(within(card()).getByTestId('related-loading')).toBeTruthy();

    rows.settle({ code: 200, msg: '', total: 1, rows: [{ id: 9, name: 'Big Deal', stage: 'proposal', accountId: 3 }], lookups: {} });
    await vi.waitFor(() => expect(within(card()).getByText('Big Deal')).toBeTruthy(), { timeout: 10_000 });
    expect(within(card()).getByText('Opportunities (1)')).toBeTruthy();
    expect(within(card()).queryByTestId('related-loading')).toBeNull();
  });

  it('says "None yet" with its count of 0 once an empty answer is in', async () => {
    api.getModuleMeta.mockResolvedValue({ code: 200, data: meta });
    api.listRecords.mockResolvedValue({ code: 200, msg: '', total: 0, rows: [], lookups: {} });
    renderCrm(<RelatedList module="account" id={3} related={related} title="Opportunities" />);
    await vi.waitFor(() => expect(within(card()).getByText('None yet')).toBeTruthy(), { timeout: 10_000 });
    expect(within(card()).getByText('Opportunities (0)')).toBeTruthy();
  });

  it('writes money totals in the currency the server totalled them in (the reader’s), and says when they were converted', async () => {
    api.getModuleMeta.mockResolvedValue({ code: 200, data: meta });
    api.listRecords.mockResolvedValue({
      code: 200, msg: '', total: 1, rows: [{ id: 9, name: 'Big Deal', stage: 'proposal', accountId: 3, amount: '10.00', currency: 'GBP' }], lookups: {},
      totals: ['1234.50'], totalsCurrency: 'EUR', totalsConverted: true,
    });
    const totals = [{ key: 'pipeline', label: 'Pipeline', total: { field: 'amount' } }];
    renderCrm(<RelatedList module="account" id={3} related={related} title="Opportunities" totals={totals} />);
    const sum = await vi.waitFor(() => within(card()).getByTestId('related-total-pipeline'), { timeout: 10_000 });
    expect(sum.textContent).toBe('Pipeline: €1,234.50');
    expect(within(card()).getByTestId('related-converted').textContent).toBe('converted to EUR');
  });
});
