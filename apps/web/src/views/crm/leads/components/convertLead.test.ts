import { describe, expect, it } from 'vitest';
import { leadRecord } from '../../../../test/crmFixtures';
import { chosenAccountId, convertLeadPayload, initialConvertValues, type ConvertValues } from './convertLead';

const lead = leadRecord({ company: 'Acme' });
const start = (options: Partial<Parameters<typeof initialConvertValues>[2]> = {}) =>
  initialConvertValues(lead, 'Olivia Park', {
    newAccount: true,
    opportunity: true,
    stage: 'prospecting',
    taskSubject: 'Follow up with Olivia Park',
    opportunityName: (company) => `${company} deal`,
    today: '2026-12-30',
    ...options,
  });

describe('the conversion request', () => {
  it('starts from a new account named after the company, a whole opportunity name, no task but one due in two days, the lead\'s owner', () => {
    expect(start()).toEqual({
      account: { pick: 'new', name: 'Acme' },
      opportunity: { create: true, name: 'Acme deal', closeDate: null, stage: 'prospecting', amount: null },
      // Across the year's end, counted in calendar days.
      task: { create: false, subject: 'Follow up with Olivia Park', dueDate: '2027-01-01' },
      ownerId: 5,
    });
    // A lead without a company names them after itself; a user who may not create accounts picks one.
    const noCompany = initialConvertValues(leadRecord({ company: null }), 'Olivia Park', {
      newAccount: false,
      opportunity: false,
      stage: null,
      taskSubject: '',
      opportunityName: (company) => `${company} deal`,
      today: '2026-03-01',
    });
    expect(noCompany.account).toEqual({ pick: 'other', name: 'Olivia Park' });
    expect(noCompany.opportunity.name).toBe('Olivia Park deal');
    expect(noCompany.opportunity.create).toBe(false);
  });

  it('sends a new account, the opportunity and the task the user asked for, based on the lead\'s version', () => {
    const values: ConvertValues = {
      ...start(),
      account: { pick: 'new', name: '  Acme Europe ' },
      opportunity: { create: true, name: 'Acme - Pilot ', closeDate: '2027-01-29', stage: 'proposal', amount: '48000' },
      task: { create: true, subject: 'Call back', dueDate: '2026-12-01' },
      ownerId: 9,
    };
    expect(convertLeadPayload(lead, values)).toEqual({
      leadId: 7,
      version: 4,
      account: { mode: 'new', name: 'Acme Europe' },
      contact: { mode: 'new' },
      opportunity: { name: 'Acme - Pilot', closeDate: '2027-01-29', stage: 'proposal', amount: '48000' },
      task: { subject: 'Call back', dueDate: '2026-12-01' },
      ownerId: 9,
    });
  });

  it('joins a duplicate candidate or an account searched for, and leaves out what was not asked for', () => {
    const candidate = convertLeadPayload(lead, { ...start(), account: { pick: 31, name: 'Acme' }, opportunity: { create: false, name: 'Acme deal' } });
    expect(candidate).toMatchObject({ account: { mode: 'existing', accountId: 31 }, opportunity: null, task: null });
    const searched = convertLeadPayload(lead, { ...start(), account: { pick: 'other', accountId: 44 } });
    expect(searched.account).toEqual({ mode: 'existing', accountId: 44 });
    expect(searched.contact).toEqual({ mode: 'new' });
  });

  it('links the existing contact chosen, only at an existing account', () => {
    expect(convertLeadPayload(lead, { ...start(), account: { pick: 31 }, contact: { pick: 52 } }).contact).toEqual({ mode: 'existing', contactId: 52 });
    expect(convertLeadPayload(lead, { ...start(), account: { pick: 31 }, contact: { pick: 'new' } }).contact).toEqual({ mode: 'new' });
    // A contact chosen for an account the user then left for a new one is not sent.
    expect(convertLeadPayload(lead, { ...start(), account: { pick: 'new', name: 'Acme' }, contact: { pick: 52 } }).contact).toEqual({ mode: 'new' });
    expect([chosenAccountId({ pick: 31 }), chosenAccountId({ pick: 'other', accountId: 44 }), chosenAccountId({ pick: 'other' }), chosenAccountId({ pick: 'new' })]).toEqual([31, 44, null, null]);
  });
});
