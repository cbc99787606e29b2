import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxMail } from '@orbit/shared/contract/emailInbound';
import { changeLanguage, loadAllTexts } from '../../../i18n/i18n';
import { chooseOption } from '../../../test/antdSelect';
import { dictApi, prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import EmailInboxPage from './index';

const inboxApi = vi.hoisted(() => ({ listInbox: vi.fn(), linkInboxMail: vi.fn(), discardInboxMail: vi.fn() }));
const crmApi = vi.hoisted(() => ({ lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../api/emailInbox', () => inboxApi);
vi.mock('../../../api/crm', () => crmApi);
vi.mock('../../../api/system/dict', () => dictApi);

const mail: InboxMail = {
  emailId: 31,
  subject: 'Met at the fair',
  from: '"Olivia Park" <olivia.park@example.com>',
  to: ['nobody@unknown.example'],
  cc: [],
  body: '<p>Great to <strong>meet</strong></p>',
  attachments: ['card.pdf'],
  receivedAt: '2026-11-28T09:00:00.000Z',
};

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.lookupRecords.mockResolvedValue({ code: 200, msg: '', total: 1, rows: [{ id: 12, label: 'Li Wei' }] });
});

describe('the Inbox page', () => {
  it('lists the waiting mail with its body and files, and links one to a picked record', async () => {
    inboxApi.listInbox.mockResolvedValueOnce({ data: [mail] }).mockResolvedValue({ data: [] });
    inboxApi.linkInboxMail.mockResolvedValue({ code: 200 });
    renderCrm(<EmailInboxPage />);
    expect(await screen.findByText('Met at the fair')).toBeTruthy();
    expect(screen.getByText('meet').tagName).toBe('STRONG');
    expect(screen.getByText(/card\.pdf/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('inbox-link-31'));
    await chooseOption(await screen.findByRole('combobox', { name: 'Type' }), 'Leads');
    await chooseOption(screen.getByRole('combobox', { name: 'Record' }), 'Li Wei');
    expect(crmApi.lookupRecords).toHaveBeenCalledWith('leads', expect.anything());
    fireEvent.click(screen.getByTestId('inbox-link-ok'));
    await waitFor(() => expect(inboxApi.linkInboxMail).toHaveBeenCalledWith(31, { module: 'leads', recordId: 12 }));
    // Linked, it leaves the inbox: the page reads it again and shows the empty state.
    expect(await screen.findByTestId('email-inbox-empty')).toBeTruthy();
  });

  it('discards a mail after asking', async () => {
    inboxApi.listInbox.mockResolvedValueOnce({ data: [mail] }).mockResolvedValue({ data: [] });
    inboxApi.discardInboxMail.mockResolvedValue({ code: 200 });
    renderCrm(<EmailInboxPage />);
    fireEvent.click(await screen.findByTestId('inbox-discard-31'));
    expect(await screen.findByText('Discard “Met at the fair” and its attachments?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(inboxApi.discardInboxMail).toHaveBeenCalledWith(31));
    expect(await screen.findByTestId('email-inbox-empty')).toBeTruthy();
  });

  it('shows the empty state in Chinese, and a retry when the inbox cannot be read', async () => {
    await loadAllTexts();
    await changeLanguage('zh');
    try {
      inboxApi.listInbox.mockResolvedValue({ data: [] });
      const { unmount } = renderCrm(<EmailInboxPage />);
      expect(await screen.findByText('收件箱是空的：您发送到投递邮箱的邮件都已找到对应记录。')).toBeTruthy();
      unmount();
    } finally {
      await changeLanguage('en');
    }
    inboxApi.listInbox.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ data: [mail] });
    renderCrm(<EmailInboxPage />);
    fireEvent.click(await screen.findByTestId('retry'));
    expect(await screen.findByText('Met at the fair')).toBeTruthy();
  });
});
