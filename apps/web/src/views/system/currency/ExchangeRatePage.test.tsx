import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeRate } from '@orbit/shared/contract/exchangeRate';
import { changeLanguage, loadAllTexts } from '../../../i18n/i18n';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import { currencyName, currencyRates } from './components/currencyRates';
import ExchangeRatePage from './index';

const api = vi.hoisted(() => ({ listExchangeRates: vi.fn(), addExchangeRate: vi.fn(), removeExchangeRate: vi.fn() }));
vi.mock('../../../api/system/exchangeRate', () => api);
vi.mock('../../../api/system/dict', () => ({
  getDictValues: async () => ({
    data: [
      { dictValue: 'USD', dictLabel: 'US Dollar' },
      { dictValue: 'EUR', dictLabel: 'Euro' },
      { dictValue: 'GBP', dictLabel: 'British Pound' },
    ],
  }),
}));

const rate = (rateId: number, currency: string, value: string, validFrom: string): ExchangeRate => ({
  rateId, currency, rate: value, validFrom, remark: '', createBy: 'admin', createTime: '2026-01-01T09:00:00.000Z',
});
// EUR has a rate in force today and one from the far future; GBP has none.
const rates = [rate(2, 'EUR', '1.200000', '2999-01-01'), rate(1, 'EUR', '1.083250', '2026-01-01')];

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia(['system:exchangeRate:list', 'system:exchangeRate:add', 'system:exchangeRate:remove']);
  api.listExchangeRates.mockResolvedValue({ data: rates });
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('currencyRates', () => {
  it('puts the organisation first, and takes the rate valid on the day, else the first one (as the server converts)', () => {
    const currencies = [{ dictValue: 'EUR', dictLabel: 'Euro' }, { dictValue: 'USD', dictLabel: 'US Dollar' }] as never;
    const [usd, eur] = currencyRates(currencies, rates, 'USD', '2026-06-01');
    expect(usd).toMatchObject({ currency: 'USD', organisation: true });
    expect(eur!.current?.rateId).toBe(1);
    expect(currencyRates(currencies, rates, 'USD', '2025-01-01')[1]!.current?.rateId).toBe(1);
    expect(currencyRates(currencies, rates, 'USD', '2999-06-01')[1]!.current?.rateId).toBe(2);
    expect(eur!.rates.map((r) => r.rateId)).toEqual([2, 1]);
  });

  it('names a currency by its dictionary label, adding the code only when the label leaves it out', () => {
    expect(currencyName('EUR', 'EUR — Euro')).toBe('EUR — Euro');
    expect(currencyName('EUR', 'Euro')).toBe('EUR — Euro');
  });
});

describe('System › Exchange rates', () => {
  it('shows a loading state, then every active currency with today’s rate; one without a rate says it is left out', async () => {
    renderCrm(<ExchangeRatePage />);
    expect(screen.getByTestId('exchange-rate-loading')).toBeTruthy();
    expect((await screen.findByTestId('current-rate-EUR')).textContent).toContain('1 EUR = 1.083250 USD');
    expect(screen.getByTestId('current-rate-GBP').textContent).toBe('No rate: left out of converted totals');
    expect(screen.getByTestId('currency-row-USD').textContent).toContain('Organisation currency');
  });

  it('opens a currency’s history, newest first, and removes a rate after asking', async () => {
    api.removeExchangeRate.mockResolvedValue({ code: 200 });
    renderCrm(<ExchangeRatePage />);
    const row = await screen.findByTestId('currency-row-EUR');
    fireEvent.click(row.querySelector('.ant-table-row-expand-icon')!);
    const history = await screen.findByTestId('rate-history-EUR');
    expect(within(history).getAllByTestId('rate-value').map((e) => e.textContent)).toEqual(['1 EUR = 1.200000 USD', '1 EUR = 1.083250 USD']);
    expect(history.textContent).toContain('2026-01-01 (in use today)');
    fireEvent.click(within(history).getByTestId('remove-rate-2'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.removeExchangeRate).toHaveBeenCalledWith(2));
  });

  it('adds a rate: a bad rate or date is refused with the server’s message before anything is sent', async () => {
    api.addExchangeRate.mockResolvedValue({ code: 200, data: 3 });
    renderCrm(<ExchangeRatePage />);
    fireEvent.click(await screen.findByTestId('add-rate-GBP'));
    const form = await screen.findByTestId('exchange-rate-form');
    const rateInput = form.querySelector<HTMLInputElement>('#exchangeRate_rate')!;
    fireEvent.change(rateInput, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByText('The rate must be a positive number with at most 6 decimals');
    expect(api.addExchangeRate).not.toHaveBeenCalled();
    fireEvent.change(rateInput, { target: { value: '1.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.addExchangeRate).toHaveBeenCalledWith(expect.objectContaining({ currency: 'GBP', rate: '1.25', validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })));
  });

  it('someone who may only look sees no add or remove', async () => {
    signInOlivia(['system:exchangeRate:list']);
    renderCrm(<ExchangeRatePage />);
    await screen.findByTestId('current-rate-EUR');
    expect(screen.queryByTestId('add-rate')).toBeNull();
    expect(screen.queryByTestId('add-rate-EUR')).toBeNull();
  });

  it('an error offers a retry', async () => {
    api.listExchangeRates.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ data: rates });
    renderCrm(<ExchangeRatePage />);
    fireEvent.click(await screen.findByTestId('retry'));
    await screen.findByTestId('current-rate-EUR');
  });

  it('speaks Chinese, messages included', async () => {
    await changeLanguage('zh');
    renderCrm(<ExchangeRatePage />);
    expect(await screen.findByText('汇率', { selector: 'h4' })).toBeTruthy();
    expect((await screen.findByTestId('current-rate-GBP')).textContent).toBe('无汇率：不计入折算合计');
    fireEvent.click(screen.getByTestId('add-rate-GBP'));
    const form = await screen.findByTestId('exchange-rate-form');
    fireEvent.change(form.querySelector('#exchangeRate_rate')!, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('汇率须为正数，最多 6 位小数');
  });
});
