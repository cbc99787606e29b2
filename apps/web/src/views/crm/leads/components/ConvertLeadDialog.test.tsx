import dayjs from 'dayjs';
import { CONVERSION_TASK_DUE_DAYS } from '@orbit/shared/crm/tasks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DuplicateMatch } from '@orbit/shared/contract/crm';
import { RequestError } from '../../../../api/request';
import { dictApi, leadRecord, leadsMeta, metaOf, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import ConvertLeadDialog from './ConvertLeadDialog';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  getConvertCandidates: vi.fn(),
  getConvertContacts: vi.fn(),
  convertLead: vi.fn(),
  lookupRecords: vi.fn(),
  lookupUsers: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

const lead = leadRecord({ company: 'Acme', email: 'olivia@acme.com' });
const candidate: DuplicateMatch = { module: 'account', id: 31, label: 'Acme Corporation', detail: 'https://acme.com', ownerName: 'Grace Hall' };
const sameContact: DuplicateMatch = { module: 'contact', id: 52, label: 'Olivia Park', detail: 'CIO · olivia@acme.com', ownerName: 'Grace Hall' };

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockImplementation(metaOf);
  api.getConvertCandidates.mockResolvedValue({ code: 200, data: [candidate] });
  api.getConvertContacts.mockResolvedValue({ code: 200, data: [] });
  api.convertLead.mockResolvedValue({ code: 200, data: { accountId: 40, contactId: 42, opportunityId: 41, taskId: null } });
});

function renderDialog(reload = vi.fn()) {
  const context: RecordContext = { module: 'leads', meta: leadsMeta, record: lead, lookups: { user: { 5: 'Olivia Park' } }, locked: null, writable: true, reload };
  const onConverted = vi.fn();
  const onClose = vi.fn();
  renderCrm(<ConvertLeadDialog context={context} onClose={onClose} onConverted={onConverted} />);
  return { onConverted, onClose, reload };
}
// By text, not by role: a role query computes every element's accessible name, which in this
// dialog's large antd tree took seconds per call inside waitFor's retries.
const buttonNamed = (name: string) => screen.getByText(name, { selector: 'button > span' }).closest('button') as HTMLButtonElement;
const ok = () => buttonNamed('Convert');
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

/** Types a day into a date picker as a person would. */
function typeDay(label: string, day: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('ConvertLeadDialog', () => {
  it('shows the duplicate candidates before anything can be created', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.getConvertCandidates.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDialog();
    expect(await screen.findByText('Convert Olivia Park')).toBeTruthy();
    await waitFor(() => expect(api.getConvertCandidates).toHaveBeenCalledWith(7));
    expect((ok() as HTMLButtonElement).disabled).toBe(true);

    answer({ code: 200, data: [candidate] });
    const found = await screen.findByTestId('convert-candidates');
    expect(found.textContent).toBe('1 existing account looks like this lead\'s company: add the lead to it rather than create a duplicate?');
    const account = screen.getByTestId('convert-account');
    const choices = within(account).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent);
    expect(choices).toEqual(['Acme Corporation · https://acme.com · owner Grace Hall', 'Create a new account', 'Choose another existing account']);
    await waitFor(() => expect((ok() as HTMLButtonElement).disabled).toBe(false));
    expect(api.convertLead).not.toHaveBeenCalled();
  });

  it('converts into a new account and an opportunity, with the lead\'s version and owner', async () => {
    const { onConverted, onClose } = renderDialog();
    expect(((await screen.findByLabelText('Account Name')) as HTMLInputElement).value).toBe('Acme');
    expect((screen.getByLabelText('Opportunity Name') as HTMLInputElement).value).toBe('Acme deal');
    fireEvent.change(screen.getByLabelText('Opportunity Name'), { target: { value: 'Acme - Pilot' } });
    // The date and number inputs load when first drawn (lazyInput): wait for them as a person would.
    await screen.findByLabelText('Close Date', {}, { timeout: 10_000 });
    await screen.findByLabelText('Amount', {}, { timeout: 10_000 });
    typeDay('Close Date', '2027-01-29');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '48000' } });
    await waitFor(() => expect((ok() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok());
    await waitFor(() => expect(api.convertLead).toHaveBeenCalledTimes(1));
    expect(api.convertLead.mock.calls[0]![0]).toEqual({
      leadId: 7,
      version: 4,
      account: { mode: 'new', name: 'Acme' },
      contact: { mode: 'new' },
      opportunity: { name: 'Acme - Pilot', closeDate: '2027-01-29', stage: 'prospecting', amount: '48000' },
      task: null,
      ownerId: 5,
    });
    await waitFor(() => expect(onConverted).toHaveBeenCalledWith({ accountId: 40, contactId: 42, opportunityId: 41, taskId: null, leadId: 7, taskSubject: null }));
    expect(onClose).toHaveBeenCalled();
  });

  it('joins a candidate account, without an opportunity, with a follow-up task', async () => {
    renderDialog();
    fireEvent.click(await screen.findByText('Acme Corporation'));
    fireEvent.click(screen.getByLabelText('Create an opportunity'));
    fireEvent.click(screen.getByLabelText('Create a follow-up task'));
    expect(((await screen.findByLabelText('Subject')) as HTMLInputElement).value).toBe('Follow up with Olivia Park');
    await waitFor(() => expect((ok() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok());
    await waitFor(() => expect(api.convertLead).toHaveBeenCalledTimes(1));
    expect(api.convertLead.mock.calls[0]![0]).toMatchObject({
      account: { mode: 'existing', accountId: 31 },
      opportunity: null,
      // Due in two days unless the user says otherwise, so that it reaches the bell.
      task: { subject: 'Follow up with Olivia Park', dueDate: dayjs().add(CONVERSION_TASK_DUE_DAYS, 'day').format('YYYY-MM-DD') },
    });
  });

  it('shows the chosen account\'s contact the lead already is, chosen; links it, or makes a new one when the user says so', async () => {
    api.getConvertContacts.mockImplementation(async (_lead: number, accountId: number) => ({ code: 200, data: accountId === 31 ? [sameContact] : [] }));
    renderDialog();
    const contact = await screen.findByTestId('convert-contact');
    // A new account: a new contact, nothing to look up.
    expect(within(contact).getByTestId('convert-contact-candidates').textContent).toBe('A new contact of the account is made from the lead.');
    expect(within(contact).queryAllByRole('radio')).toEqual([]);
    expect(api.getConvertContacts).not.toHaveBeenCalled();

    fireEvent.click(await screen.findByText('Acme Corporation'));
    fireEvent.click(screen.getByLabelText('Create an opportunity'));
    await waitFor(() => expect(api.getConvertContacts).toHaveBeenCalledWith(7, 31));
    expect((await within(contact).findByTestId('convert-contact-candidates')).textContent).toBe(
      "1 contact of this account has this lead's e-mail or name: the lead is linked to it rather than made into a duplicate contact.",
    );
    const choices = within(contact).getAllByRole('radio') as HTMLInputElement[];
    expect(choices.map((radio) => radio.closest('label')!.textContent)).toEqual(['Olivia Park · CIO · olivia@acme.com · owner Grace Hall', 'Create a new contact']);
    await waitFor(() => expect(choices[0]!.checked).toBe(true));
    await waitFor(() => expect((ok() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok());
    await waitFor(() => expect(api.convertLead).toHaveBeenCalledTimes(1));
    expect(api.convertLead.mock.calls[0]![0]).toMatchObject({ account: { mode: 'existing', accountId: 31 }, contact: { mode: 'existing', contactId: 52 } });
  });

  it('makes a new contact at an existing account when the user picks "Create a new contact"', async () => {
    api.getConvertContacts.mockResolvedValue({ code: 200, data: [sameContact] });
    renderDialog();
    fireEvent.click(await screen.findByText('Acme Corporation'));
    fireEvent.click(screen.getByLabelText('Create an opportunity'));
    fireEvent.click(await screen.findByLabelText('Create a new contact'));
    await waitFor(() => expect((ok() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok());
    await waitFor(() => expect(api.convertLead).toHaveBeenCalledTimes(1));
    expect(api.convertLead.mock.calls[0]![0]).toMatchObject({ account: { mode: 'existing', accountId: 31 }, contact: { mode: 'new' } });
  });

  it('checks the opportunity as its own form does, and puts the server\'s field errors on the dialog\'s fields', async () => {
    renderDialog();
    // The date and number inputs load when first drawn (lazyInput): wait for them as a person would.
    await screen.findByLabelText('Close Date');
    fireEvent.change(screen.getByLabelText('Account Name'), { target: { value: '' } });
    await waitFor(() => expect((ok() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok());
    // antd draws each field's errors after its own debounce, so one field's message can come a
    // render after another's: wait for each.
    expect(await within(itemOf('Close Date')).findByText('Close Date is required')).toBeTruthy();
    expect(await within(itemOf('Account Name')).findByText('Account Name is required')).toBeTruthy();
    expect(api.convertLead).not.toHaveBeenCalled();

    api.convertLead.mockRejectedValue(
      new RequestError('Stage has an invalid value', 400, { 'opportunity.stage': 'Stage has an invalid value', 'account.name': 'Account Name is too long' }),
    );
    fireEvent.change(screen.getByLabelText('Account Name'), { target: { value: 'Acme' } });
    typeDay('Close Date', '2027-01-29');
    fireEvent.click(ok());
    expect(await within(itemOf('Stage')).findByText('Stage has an invalid value')).toBeTruthy();
    expect(await within(itemOf('Account Name')).findByText('Account Name is too long')).toBeTruthy();
  });

  it('offers to reload a lead someone else changed meanwhile', async () => {
    api.convertLead.mockRejectedValue(new RequestError('Someone else changed this record', 409));
    const { reload, onConverted } = renderDialog();
    await screen.findByLabelText('Close Date');
    typeDay('Close Date', '2027-01-29');
    await waitFor(() => expect((ok() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok());
    expect(await screen.findByText('Someone else changed this record')).toBeTruthy();
    fireEvent.click(buttonNamed('Reload'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(onConverted).not.toHaveBeenCalled();
  });
});
