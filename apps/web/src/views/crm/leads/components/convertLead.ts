import type { ConvertLeadBody, CrmRecord } from '@orbit/shared/contract/crm';
import { CONVERSION_TASK_DUE_DAYS } from '@orbit/shared/crm/tasks';

/** The account a lead becomes: a new one, one of the duplicate candidates (its id), or another one searched for. */
export type AccountPick = 'new' | 'other' | number;
/** The contact the lead becomes: a new one made from the lead, or one of the chosen account's contacts (its id). */
export type ContactPick = 'new' | number;

/**
 * What the conversion dialog holds, nested as the request is, so that the server's field errors
 * ("opportunity.stage", "account.name") land on the dialog's own fields.
 */
export type ConvertValues = {
  account: { pick: AccountPick; name?: string | null; accountId?: number | null };
  /** Absent while the account is a new one: its contact can only be new too. */
  contact?: { pick?: ContactPick };
  opportunity: { create: boolean; name?: string | null; closeDate?: string | null; stage?: string | null; amount?: string | number | null };
  task: { create: boolean; subject?: string | null; dueDate?: string | null };
  ownerId: number;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A calendar date (YYYY-MM-DD) `days` later, counted in whole days whatever the time zone. */
const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

/**
 * Where a dialog starts: a new account (when the user may create one) named after the lead's
 * company, or the lead when it has none; an opportunity named by `opportunityName` (given the
 * company) when the user may create one — a whole name, nothing left dangling to complete —; no
 * task, but a due date ready for one so that it reaches the bell; the lead's owner.
 */
export function initialConvertValues(
  lead: CrmRecord,
  name: string,
  options: { newAccount: boolean; opportunity: boolean; stage: string | null; taskSubject: string; opportunityName: (company: string) => string; today: string },
): ConvertValues {
  const company = text(lead.company) || name;
  return {
    account: { pick: options.newAccount ? 'new' : 'other', name: company },
    opportunity: { create: options.opportunity, name: options.opportunityName(company), closeDate: null, stage: options.stage, amount: null },
    task: { create: false, subject: options.taskSubject, dueDate: addDays(options.today, CONVERSION_TASK_DUE_DAYS) },
    ownerId: lead.ownerId,
  };
}

/** The existing account the dialog's choice names, if any (a candidate, or one searched for). */
export function chosenAccountId(account: Partial<ConvertValues['account']> | undefined): number | null {
  if (typeof account?.pick === 'number') return account.pick;
  return account?.pick === 'other' && typeof account.accountId === 'number' ? account.accountId : null;
}

/** The request of a conversion: based on the lead's version, with the parts the user chose. */
export function convertLeadPayload(lead: CrmRecord, values: ConvertValues): ConvertLeadBody {
  const { account, opportunity, task } = values;
  return {
    leadId: lead.id,
    version: lead.version,
    account: account.pick === 'new' ? { mode: 'new', name: text(account.name) } : { mode: 'existing', accountId: account.pick === 'other' ? account.accountId! : account.pick },
    // An existing contact only of an existing account (the server checks it is one of its contacts).
    contact: account.pick !== 'new' && typeof values.contact?.pick === 'number' ? { mode: 'existing', contactId: values.contact.pick } : { mode: 'new' },
    opportunity: opportunity.create
      ? { name: text(opportunity.name), closeDate: opportunity.closeDate ?? '', stage: opportunity.stage ?? '', amount: opportunity.amount ?? null }
      : null,
    task: task.create ? { subject: text(task.subject), dueDate: task.dueDate ?? null } : null,
    ownerId: values.ownerId,
  };
}
