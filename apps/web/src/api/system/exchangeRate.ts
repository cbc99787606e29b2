import type { CreateExchangeRateBody, ExchangeRate } from '@orbit/shared/contract/exchangeRate';
import { request } from '../request';

/** The dated exchange rates totals are converted by (issue 33): every rate, newest first within a currency. */
export const listExchangeRates = () => request<{ data: ExchangeRate[] }>({ url: '/crm/exchangeRate/list' });
export const addExchangeRate = (data: CreateExchangeRateBody) => request<{ data: number }>({ url: '/crm/exchangeRate', method: 'POST', data });
export const removeExchangeRate = (rateId: number) => request({ url: `/crm/exchangeRate/${rateId}`, method: 'DELETE' });
