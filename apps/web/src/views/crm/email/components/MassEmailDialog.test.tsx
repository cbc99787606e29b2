import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../../api/request';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption } from '../../../../test/antdSelect';
import { leadRecord, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import CampaignMassEmail from './CampaignMassEmail';
import SelectionMassEmail from './SelectionMassEmail';

const api = vi.hoisted(() => ({ listEmailTemplates: vi.fn(), sendMassEmail: vi.fn(), getMassEmail: vi.fn() }));
vi.mock('../../../../api/crmEmail', () => api);

const template = { templateId: 7, name: 'Spring news', subject: 'Hi', body: '<p>Hi</p>', language: 'en', shared: true, ownerId: 1, ownerName: 'Alex', canEdit: false, updateTime: '' };
const summary = (extra: Record<string, number> = {}) => ({
  massEmailId: 31, module: 'leads', campaignId: null, templateName: 'Spring news', perMinute: 60, queued: 3, skippedOptOut: 2, skippedNoAddress: 1, sent: 0, failed: 0, createTime: '', ...extra,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.listEmailTemplates.mockResolvedValue({ code: 200, data: [template] });
  api.sendMassEmail.mockResolvedValue({ code: 200, data: summary() });
  api.getMassEmail.mockResolvedValue({ code: 200, data: summary({ sent: 3 }) });
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

async function chooseTemplate() {
  const form = await screen.findByTestId('mass-email-form');
  await chooseOption(within(form).getByRole('combobox', { name: 'Template' }), 'Spring news (English)');
}

describe('mass e-mail', () => {
  it('sends the selection with the chosen template and shows what was queued and skipped, then the progress', async () => {
    renderCrm(<SelectionMassEmail module="leads" ids={[4, 5, 6, 7, 8, 9]} open onClose={vi.fn()} onDone={vi.fn()} />);
    expect(await screen.findByText('E-mail 6 selected people')).toBeTruthy();
    await chooseTemplate();
    fireEvent.click(screen.getByRole('button', { name: 'Queue the e-mails' }));
    await waitFor(() => expect(api.sendMassEmail).toHaveBeenCalledWith({ module: 'leads', ids: [4, 5, 6, 7, 8, 9], templateId: 7 }));
    const box = await screen.findByTestId('mass-email-summary');
    const row = (label: string) => within(box).getByText(label).closest('tr')!.textContent;
    expect(row('Queued')).toContain('3');
    expect(row('Skipped: opted out')).toContain('2');
    expect(row('Skipped: no e-mail address')).toContain('1');
    expect(within(box).getByText('Sent at most 60 a minute')).toBeTruthy();
    expect(within(box).getByText('0 of 3 sent')).toBeTruthy();
    // Read again until every mail ended.
    expect(await within(box).findByText('3 of 3 sent', {}, { timeout: 10_000 })).toBeTruthy();
    expect(api.getMassEmail).toHaveBeenCalledWith(31);
  }, 30_000);

  it('asks for a template before sending anything', async () => {
    renderCrm(<SelectionMassEmail module="contact" ids={[4]} open onClose={vi.fn()} onDone={vi.fn()} />);
    await screen.findByTestId('mass-email-form');
    fireEvent.click(screen.getByRole('button', { name: 'Queue the e-mails' }));
    expect(await screen.findByText('Please choose a template or write the message')).toBeTruthy();
    expect(api.sendMassEmail).not.toHaveBeenCalled();
  });

  it('sends a message written in the dialog instead of a template, asking for its subject and text first', async () => {
    renderCrm(<SelectionMassEmail module="contact" ids={[4, 5]} open onClose={vi.fn()} onDone={vi.fn()} />);
    const form = await screen.findByTestId('mass-email-form');
    fireEvent.click(within(form).getByRole('radio', { name: 'Write a message' }));
    await waitFor(() => expect(within(form).queryByRole('combobox', { name: 'Template' })).toBeNull());
    expect(within(form).getByText('Merge fields such as {{lead.firstName}} are filled from each person’s record.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Queue the e-mails' }));
    expect(await screen.findByText('Please write the message')).toBeTruthy();
    expect(api.sendMassEmail).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByTestId('mass-email-subject'), { target: { value: 'News for {{contact.firstName}}' } });
    const editor = within(form).getByRole('textbox', { name: 'Message' });
    editor.innerHTML = '<p>Our news.</p>';
    fireEvent.input(editor);
    fireEvent.click(screen.getByRole('button', { name: 'Queue the e-mails' }));
    await waitFor(() => expect(api.sendMassEmail).toHaveBeenCalledWith({ module: 'contact', ids: [4, 5], subject: 'News for {{contact.firstName}}', body: '<p>Our news.</p>' }));
    expect(await screen.findByTestId('mass-email-summary')).toBeTruthy();
  }, 30_000);

  it('shows the server’s refusal, in Chinese too', async () => {
    await changeLanguage('zh');
    api.sendMassEmail.mockRejectedValue(new RequestError('请至少选择一条线索或联系人', 400));
    renderCrm(<SelectionMassEmail module="leads" ids={[4]} open onClose={vi.fn()} onDone={vi.fn()} />);
    expect(await screen.findByText('给选中的 1 人发邮件')).toBeTruthy();
    await chooseOption(within(await screen.findByTestId('mass-email-form')).getByRole('combobox', { name: '模板' }), 'Spring news (英文)');
    fireEvent.click(screen.getByRole('button', { name: '加入发送队列' }));
    expect(await screen.findByText('请至少选择一条线索或联系人')).toBeTruthy();
    expect(screen.queryByTestId('mass-email-summary')).toBeNull();
  });

  it('e-mails a campaign’s members from its page, for holders of the permission only', async () => {
    const context = { module: 'campaign', record: leadRecord({ id: 12, name: 'Spring Expo' }), reload: vi.fn() } as unknown as RecordContext;
    api.sendMassEmail.mockResolvedValue({ code: 200, data: summary({ queued: 0, skippedOptOut: 1, skippedNoAddress: 0 }) });
    renderCrm(<CampaignMassEmail context={context} />);
    fireEvent.click(await screen.findByTestId('campaign-mass-email'));
    expect(await screen.findByText('E-mail the members of Spring Expo')).toBeTruthy();
    await chooseTemplate();
    fireEvent.click(screen.getByRole('button', { name: 'Queue the e-mails' }));
    await waitFor(() => expect(api.sendMassEmail).toHaveBeenCalledWith({ campaignId: 12, templateId: 7 }));
    expect(await screen.findByTestId('mass-email-summary')).toBeTruthy();
    expect(api.getMassEmail).not.toHaveBeenCalled();
  });

  it('offers no campaign action without the permission', async () => {
    signInOlivia(['crm:campaign:query']);
    const context = { module: 'campaign', record: leadRecord({ id: 12, name: 'Spring Expo' }), reload: vi.fn() } as unknown as RecordContext;
    renderCrm(<CampaignMassEmail context={context} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('campaign-mass-email')).toBeNull();
  });
});
