import { describe, expect, it } from 'vitest';
import { apiOf, fixture } from '../helpers/api';
import { pickOption, settledScreenshot } from '../helpers/browser';
import { outboxMails } from '../helpers/mail';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const TEXT = {
  en: { action: 'Send e-mail', send: 'Queue the e-mails', optedOut: 'Skipped: opted out', progress: '2 of 2 sent', campaign: 'E-mail the members', members: '3 of 3 sent', close: 'Close', write: 'Write a message', body: 'Message' },
  zh: { action: '发送邮件', send: '加入发送队列', optedOut: '已跳过：拒收邮件', progress: '已发送 2 / 2', campaign: '给成员发邮件', members: '已发送 3 / 3', close: /^关\s?闭$/, write: '撰写邮件', body: '正文' },
} as const;

/**
 * Mass e-mail in Chromium (issue 35): the lead list's mass action "Send e-mail" on a selection with a
 * template, and a campaign's "E-mail the members" with a message written in the dialog — the summary of what was queued and skipped, the progress to the
 * end, and one personalised mail per person in the development outbox — in English and Chinese.
 */
describe('mass e-mail in Chromium', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`mails a list selection with a template and a campaign's members with a written message — ${language}`, async () => {
      const text = TEXT[language];
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1400, height: 1000, language });
      const api = apiOf(app.server.url, token);
      const tag = `${language}${Date.now().toString(36)}`;
      const company = `Massmail ${tag}`;
      const lead = async (firstName: string, extra: Record<string, unknown>) => (await api('POST', '/crm/leads', fixture({ firstName, lastName: `Lee${tag}`, company, ...extra }))).data as number;
      const ids = [
        await lead('Ada', { email: `ada.${tag}@massmail.example` }),
        await lead('Bo', { email: `bo.${tag}@massmail.example` }),
        await lead('Cy', { email: `cy.${tag}@massmail.example`, emailOptOut: true }),
      ];
      const template = await api('POST', '/crm/email/template', {
        name: `Mass ${tag}`,
        language,
        subject: language === 'en' ? 'News for {{lead.firstName}}' : '{{lead.firstName}}，您好',
        body: language === 'en' ? '<p>Dear {{lead.firstName}} of {{lead.company}}.</p>' : '<p>{{lead.company}} 的 {{lead.firstName}}，您好。</p>',
      });
      expect(template.code, template.msg).toBe(200);

      // The list's selection: two mailed, one skipped as opted out.
      await openPage(page, app.server.url, '/Leads/leads-index');
      const list = page.locator('[data-testid="record-list-leads"]:visible');
      const search = list.locator('input[data-testid="quick-search"], [data-testid="quick-search"] input').first();
      await search.fill(company);
      await search.press('Enter');
      await expect.poll(() => list.locator('.ant-table-row', { hasText: company }).count(), { timeout: 20_000 }).toBe(3);
      for (const row of await list.locator('.ant-table-row', { hasText: company }).all()) await row.locator('.ant-checkbox-input').check();
      await list.getByTestId('mass-actions').getByRole('button', { name: text.action }).click();
      const form = page.getByTestId('mass-email-form');
      await form.waitFor();
      await pickOption(page, form.getByRole('combobox').first(), new RegExp(`Mass ${tag}`));
      await settledScreenshot(page, `mass-email-dialog-${language}`);
      const before = outboxMails(app.server.dataDir).map((m) => m.file);
      await page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: text.send }).click();
      const summary = page.getByTestId('mass-email-summary');
      await summary.waitFor();
      expect(await summary.locator('tr', { hasText: text.optedOut }).textContent()).toContain('1');
      await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toContain(text.progress);
      await settledScreenshot(page, `mass-email-summary-${language}`);
      const mails = outboxMails(app.server.dataDir).filter((m) => !before.includes(m.file) && m.text.includes('@massmail.example'));
      expect(mails).toHaveLength(2);
      expect(mails.some((m) => m.text.includes(`cy.${tag}@`))).toBe(false);
      await page.locator('.ant-modal-wrap:visible').last().locator('.ant-modal-footer').getByRole('button', { name: text.close }).click();
      await summary.waitFor({ state: 'hidden' });

      // A campaign's members, from its page.
      const campaign = (await api('POST', '/crm/campaign', fixture({ name: `Mass campaign ${tag}` }))).data as number;
      const contact = (await api('POST', '/crm/contact', fixture({ firstName: 'Dee', lastName: `Lee${tag}`, email: `dee.${tag}@massmail.example` }))).data as number;
      expect((await api('POST', `/crm/campaign/${campaign}/members`, { leadIds: ids, contactIds: [contact] })).code).toBe(200);
      await page.goto(`${app.server.url}/campaign/campaign-detail?flag=detail&id=${campaign}`);
      await page.getByTestId('campaign-mass-email').click();
      const campaignForm = page.getByTestId('mass-email-form');
      await campaignForm.waitFor();
      await campaignForm.locator('.ant-radio-button-wrapper', { hasText: text.write }).click();
      await campaignForm.getByTestId('mass-email-subject').fill(`Expo ${tag}`);
      const editor = campaignForm.getByRole('textbox', { name: text.body });
      await editor.click();
      await editor.pressSequentially('See you at the expo.');
      await settledScreenshot(page, `mass-email-written-${language}`);
      const beforeCampaign = outboxMails(app.server.dataDir).map((m) => m.file);
      await page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: text.send }).click();
      await expect.poll(() => page.getByTestId('mass-email-summary').textContent(), { timeout: 30_000 }).toContain(text.members);
      const written = outboxMails(app.server.dataDir).filter((m) => !beforeCampaign.includes(m.file) && m.text.includes(`Expo ${tag}`));
      expect(written).toHaveLength(3);
      expect(written.every((m) => m.text.includes('See you at the expo.'))).toBe(true);
      await settledScreenshot(page, `mass-email-campaign-${language}`);
      await context.close();
    }, 240_000);
  }
});
