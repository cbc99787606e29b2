import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIELD_TYPES } from '@orbit/shared/crm/fieldTypes';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption, openSelect } from '../../../../test/antdSelect';
import { dictApi, dictionaries, field, leadFields, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { FieldDisplay } from './FieldDisplay';
import { FieldInput } from './FieldInput';
import { FIELD_TYPE_VIEWS, sameFieldValue } from './registry';

const api = vi.hoisted(() => ({ lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => {
  signInOlivia();
  api.lookupRecords.mockResolvedValue({ code: 200, total: 2, rows: [{ id: 3, label: 'Spring Webinar' }, { id: 4, label: 'Trade Fair' }] });
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

/** An input bound to state, the way Form.Item binds it; the value on the wire shows in `data-testid=value`. */
function Bound({ meta, initial = null }: { meta: Parameters<typeof FieldInput>[0]['field']; initial?: FieldValue }) {
  const [value, setValue] = useState<FieldValue>(initial);
  return (
    <>
      <FieldInput field={meta} value={value} onChange={setValue} id="input" />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const wireValue = () => JSON.parse(screen.getByTestId('value').textContent!) as unknown;

describe('field-type registry', () => {
  it('has a view with display, input and filter widget for every shared field type', () => {
    for (const type of FIELD_TYPES) {
      expect(FIELD_TYPE_VIEWS[type].Display).toBeTypeOf('function');
      expect(FIELD_TYPE_VIEWS[type].Input).toBeTypeOf('function');
      expect(FIELD_TYPE_VIEWS[type].FilterInput).toBeTypeOf('function');
    }
  });

  it('shows rich text as the formatting the server stored, and edits it in the rich-text editor', async () => {
    const notes = field('notes', 'richtext', 'Notes', { sortable: false });
    renderCrm(<FieldDisplay field={notes} value="<p>Agreed <b>pricing</b></p>" />);
    expect(document.querySelector('.crm-richtext b')?.textContent).toBe('pricing');
    cleanup();
    renderCrm(<Bound meta={notes} initial="<p>Old</p>" />);
    const editor = await screen.findByRole('textbox', { name: 'Notes' });
    expect(editor.innerHTML).toBe('<p>Old</p>');
    editor.innerHTML = '<p>New <i>note</i></p>';
    fireEvent.input(editor);
    expect(wireValue()).toBe('<p>New <i>note</i></p>');
    editor.innerHTML = '';
    fireEvent.input(editor);
    expect(wireValue()).toBeNull();
  });

  it('shows a picklist value as its dictionary label in the tag colour of its class', async () => {
    renderCrm(<FieldDisplay field={leadFields.status} value="qualified" />);
    const tag = await screen.findByText('Qualified');
    expect(tag.className).toContain('ant-tag-success');
  });

  it('shows money in the organisation\'s currency, written the language\'s way, to the cent (issue 33)', async () => {
    const { unmount } = renderCrm(<FieldDisplay field={leadFields.annualRevenue} value="125000.50" />);
    expect(screen.getByText('$125,000.50')).toBeTruthy();
    unmount();
    await changeLanguage('zh');
    const { container } = renderCrm(<FieldDisplay field={leadFields.annualRevenue} value="125000.50" />);
    expect(container.textContent).toBe('US$125,000.50');
  });

  it('links e-mail, phone and website through mailto:, tel: and https:, and never a javascript: text', () => {
    renderCrm(
      <>
        <FieldDisplay field={leadFields.email} value="olivia@acme.com" />
        <FieldDisplay field={leadFields.phone} value="+1 (555) 010-7" />
        <FieldDisplay field={leadFields.website} value="acme.com" />
        <FieldDisplay field={{ ...leadFields.website, name: 'other' }} value="javascript:alert(1)" />
      </>,
    );
    expect(screen.getByText('olivia@acme.com').getAttribute('href')).toBe('mailto:olivia@acme.com');
    expect(screen.getByText('+1 (555) 010-7').getAttribute('href')).toBe('tel:+15550107');
    expect(screen.getByText('acme.com').getAttribute('href')).toBe('https://acme.com');
    expect(screen.getByText('javascript:alert(1)').tagName).not.toBe('A');
  });

  it('shows a lookup by the name the answer gave, linked to the record when the user may open it', () => {
    signInOlivia(['*:*:*'], ['leads']);
    const { container } = renderCrm(
      <>
        <FieldDisplay field={leadFields.campaignId} value={3} lookups={{ campaign: { 3: 'Spring Webinar' } }} />
        <FieldDisplay field={leadFields.ownerId} value={5} lookups={{ user: { 5: 'Olivia Park' } }} />
        <FieldDisplay field={{ ...leadFields.campaignId, name: 'lead', lookupModule: 'leads' }} value={8} lookups={{ leads: { 8: 'Wei Wang' } }} />
      </>,
    );
    // The test session's menu has the leads pages only: campaigns and users are names, a lead a link.
    expect(container.textContent).toContain('Spring Webinar');
    expect(container.textContent).toContain('Olivia Park');
    expect([...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Wei Wang', '/Leads/leads-detail?flag=detail&id=8']]);
  });

  it('links a related record to its detail page with the module named', () => {
    const relatedTo = field('relatedTo', 'relatedRecord', 'Related To', { relatedModules: ['leads', 'account'] });
    renderCrm(<FieldDisplay field={relatedTo} value={{ module: 'leads', id: 7 }} lookups={{ leads: { 7: 'Olivia Park' } }} />);
    expect(screen.getByText('Olivia Park').getAttribute('href')).toBe('/Leads/leads-detail?flag=detail&id=7');
    expect(screen.getByText('Lead:', { exact: false })).toBeTruthy();
    expect(screen.queryByText('Leads:', { exact: false })).toBeNull();
  });

  it('shows a picklist by its label, and a placeholder rather than the code while the dictionary loads', async () => {
    // A dictionary no other test has loaded (the query cache lives across tests).
    dictionaries.crm_stage_fresh = [{ ...dictionaries.crm_lead_status![1]!, dictType: 'crm_stage_fresh' }];
    renderCrm(<FieldDisplay field={{ ...leadFields.status, dictType: 'crm_stage_fresh' }} value="qualified" />);
    expect(screen.getByTestId('dict-loading')).toBeTruthy();
    expect(screen.queryByText('qualified')).toBeNull();
    expect(await screen.findByText('Qualified')).toBeTruthy();
    expect(screen.queryByTestId('dict-loading')).toBeNull();
  });

  it('shows a picklist input\'s value by its label, and a placeholder rather than the code while the dictionary loads', async () => {
    dictionaries.crm_direction_fresh = [{ ...dictionaries.crm_lead_status![1]!, dictValue: 'outbound', dictLabel: 'Outbound', dictType: 'crm_direction_fresh' }];
    renderCrm(<FieldInput field={{ ...leadFields.status, dictType: 'crm_direction_fresh' }} value="outbound" onChange={() => undefined} />);
    expect(screen.getByTestId('dict-loading')).toBeTruthy();
    expect(screen.queryByText('outbound')).toBeNull();
    expect(await screen.findByText('Outbound')).toBeTruthy();
    expect(screen.queryByTestId('dict-loading')).toBeNull();
  });

  it('shows dates as days, date-times in local time, checkboxes as a tick or "No"', () => {
    renderCrm(
      <>
        <FieldDisplay field={field('due', 'date', 'Due')} value="2026-11-23" />
        <FieldDisplay field={field('done', 'checkbox', 'Done')} value={true} />
        <FieldDisplay field={field('active', 'checkbox', 'Active')} value={false} />
      </>,
    );
    expect(screen.getByText('2026-11-23')).toBeTruthy();
    expect(screen.getByLabelText('Yes')).toBeTruthy();
    expect(screen.getByText('No')).toBeTruthy();
  });

  it('types text as the wire carries it, numbers and money as the text typed (money in the language\'s currency): the shared check reads their digits', async () => {
    const { container } = renderCrm(<Bound meta={leadFields.annualRevenue} />);
    // The number box loads when first drawn (numberBox.tsx).
    fireEvent.change(await screen.findByRole('spinbutton'), { target: { value: '1250.5' } });
    expect(container.querySelector('.ant-input-number-prefix')?.textContent).toBe('$');
    await waitFor(() => expect(wireValue()).toBe('1250.5'));
    cleanup();
    renderCrm(<Bound meta={leadFields.employees} />);
    fireEvent.change(await screen.findByRole('spinbutton'), { target: { value: '42' } });
    // The form's check makes it the wire's 42 (recordFormValues); a float here would round long numbers before they are judged.
    await waitFor(() => expect(wireValue()).toBe('42'));
    cleanup();
    renderCrm(<Bound meta={leadFields.company} initial="Acme" />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Globex' } });
    expect(wireValue()).toBe('Globex');
  });

  it('picks a picklist value from the field\'s dictionary', async () => {
    renderCrm(<Bound meta={leadFields.rating} />);
    await chooseOption(screen.getByRole('combobox'), 'Hot');
    expect(wireValue()).toBe('hot');
  });

  it('picks a lookup from the module\'s lookup endpoint and keeps the id', async () => {
    renderCrm(<Bound meta={leadFields.campaignId} />);
    await chooseOption(screen.getByRole('combobox'), 'Trade Fair');
    expect(wireValue()).toBe(4);
    expect(api.lookupRecords).toHaveBeenCalledWith('campaign', expect.objectContaining({ pageNum: 1 }));
  });

  it('offers lookups with what tells them apart beneath the name, and shows the chosen one by its name alone', async () => {
    api.lookupRecords.mockResolvedValue({ code: 200, total: 2, rows: [{ id: 3, label: 'Liam Moore', extra: 'Oak Ltd · Qualified · liam@oak.example' }, { id: 4, label: 'Emily Martinez', extra: 'Moore & Co · New' }] });
    renderCrm(<Bound meta={leadFields.campaignId} />);
    const texts = await openSelect(screen.getByRole('combobox'));
    expect(texts).toEqual(['Liam MooreOak Ltd · Qualified · liam@oak.example', 'Emily MartinezMoore & Co · New']);
    fireEvent.click(screen.getByText('Liam Moore'));
    await waitFor(() => expect(wireValue()).toBe(3));
    const shown = screen.getByRole('combobox').closest('.ant-select')!;
    await waitFor(() => expect(shown.textContent).toContain('Liam Moore'));
    expect(shown.textContent).not.toContain('Oak Ltd');
  });

  it('types a date as a calendar day and a date-time as an instant', async () => {
    renderCrm(<Bound meta={field('due', 'date', 'Due')} />);
    // The date picker loads when first drawn (date.tsx), hence findByRole.
    const day = await screen.findByRole('textbox');
    fireEvent.mouseDown(day);
    fireEvent.change(day, { target: { value: '2026-12-24' } });
    fireEvent.keyDown(day, { key: 'Enter' });
    await waitFor(() => expect(wireValue()).toBe('2026-12-24'));
    cleanup();
    renderCrm(<Bound meta={field('remind', 'datetime', 'Remind')} />);
    const time = await screen.findByRole('textbox');
    fireEvent.mouseDown(time);
    fireEvent.change(time, { target: { value: '2026-12-24 09:30:00' } });
    fireEvent.keyDown(time, { key: 'Enter' });
    await waitFor(() => expect(wireValue()).toBe(new Date(2026, 11, 24, 9, 30).toISOString()));
  });

  it('ticks a checkbox as true and false', () => {
    renderCrm(<Bound meta={field('doNotCall', 'checkbox', 'Do Not Call')} initial={false} />);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(wireValue()).toBe(true);
  });

  it('compares money by amount and multi-picklists as sets', () => {
    expect(sameFieldValue('currency', '125000.00', '125000')).toBe(true);
    expect(sameFieldValue('currency', '125000.00', null)).toBe(false);
    expect(sameFieldValue('multipicklist', ['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameFieldValue('text', 'a', 'a ')).toBe(false);
    expect(sameFieldValue('checkbox', false, null)).toBe(true);
  });
});
