import { z } from 'zod';
import { EARLIEST_DAY, LATEST_DAY } from '../constants';
import { RATE_DECIMALS } from '../crm/money';
import { stringValue } from '../validation';

/** A rate: positive decimal text, at most 12 digits before the point and RATE_DECIMALS after. */
const RATE = new RegExp(`^(?:0|[1-9]\\d{0,11})(?:\\.\\d{1,${RATE_DECIMALS}})?$`);

/** `POST /crm/exchangeRate`: one more dated rate of a currency (rates are never edited; history stays). */
export const createExchangeRateBody = z.object({
  currency: stringValue().max(3),
  rate: z.union([stringValue(), z.number()]).transform((v) => String(v).trim()).refine((v) => RATE.test(v) && Number(v) > 0, { error: 'money.rateInvalid' }),
  // A day as YYYY-MM-DD that exists (no 2026-02-30), within the days the product accepts anywhere;
  // any other text is "not a valid date", named by the field (the generic "wrong format" names none).
  validFrom: stringValue()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'validation.invalidDate', abort: true })
    .refine((v) => v >= EARLIEST_DAY && v <= LATEST_DAY, { error: 'validation.dateOutOfRange', params: { minimum: EARLIEST_DAY, maximum: LATEST_DAY } }),
  remark: stringValue().max(255).optional(),
});
export type CreateExchangeRateBody = z.infer<typeof createExchangeRateBody>;

/** A rate as the list carries it. */
export type ExchangeRate = { rateId: number; currency: string; rate: string; validFrom: string; remark: string; createBy: string; createTime: string };
