import { describe, expect, it } from 'vitest';
import { apiOf, fixture } from '../helpers/api';
import { pickOption, settledScreenshot } from '../helpers/browser';
import { outboxMails } from '../helpers/mail';
import { serverAndBrowser } from '../helpers/suite';
import { signedInPage } from './shell-support';

/**
 * E-mail from a record in Chromium (issue 35): the composer on an opportunity's timeline, a
 * template filled from the record, the mail in the development outbox (the e2e server has no SMTP
 * server) and its entry on the timeline, sent — in English and in Chinese.
 */
describe('e-mail from a record in Chromium', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`sends from an opportunity with a template and shows it sent on the timeline — ${language}`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000, language });
      const api = apiOf(app.server.url, token);
      const tag = `${language}${Date.now().toString(36)}`;
      const account = (await api('POST', '/crm/account', fixture({ name: `Mailhouse ${tag}` }))).data as number;
      await api('POST', '/crm/contact', fixture({ firstName: 'Mei', lastName: `Chen${tag}`, email: `mei.${tag}@mailhouse.example`, accountId: account }));
      const deal = (await api('POST', '/crm/opportunity', fixture({ name: `Renewal ${tag}`, accountId: account, stage: 'proposal', closeDate: '2026-05-01', amount: '12500.00' }))).data as number;
      const template = await api('POST', '/crm/email/template', {
        name: `Renewal ${tag}`,
        language,
        subject: language === 'en' ? 'Renewal for {{account.name}}' : '{{account.name}} 续约',
        body: language === 'en' ? '<p>Dear {{contact.firstName}}, the renewal comes to {{opportunity.amount}}.</p>' : '<p>{{contact.firstName}}您好，续约金额 {{opportunity.amount}}。</p>',
      });
      expect(template.code, template.msg).toBe(200);

      await page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${deal}`);
      const timeline = page.locator('[data-testid="activity-timeline"]:visible');
      await timeline.getByTestId('email-compose').click();
      const composer = page.getByTestId('email-composer');
      await composer.waitFor();
      // The account's contact is offered and picked as the recipient.
      await expect.poll(() => composer.getByTestId('email-to').textContent(), { timeout: 20_000 }).toContain(`Chen${tag}`);
      // Through pickOption: the composer re-renders as the record's people arrive, which can close the dropdown under the click.
      await pickOption(page, composer.getByTestId('email-template'), new RegExp(`Renewal ${tag}`));
      const amount = language === 'en' ? '$12,500.00' : 'US$12,500.00';
      await expect.poll(() => composer.getByTestId('email-body').textContent(), { timeout: 10_000 }).toContain(amount);
      await expect.poll(() => composer.getByTestId('email-subject').inputValue()).toContain(`Mailhouse ${tag}`);
      await settledScreenshot(page, `email-composer-${language}`);

      const before = outboxMails(app.server.dataDir).map((m) => m.file);
      await page.getByTestId('email-send').click();
      await composer.waitFor({ state: 'detached' });
      const entry = timeline.getByTestId('email-entry').first();
      await expect.poll(() => entry.getByTestId('email-status').textContent(), { timeout: 20_000 }).toBe(language === 'en' ? 'Sent' : '已发送');
      expect(await entry.textContent()).toContain(`Mailhouse ${tag}`);
      await entry.scrollIntoViewIfNeeded();
      await settledScreenshot(page, `email-timeline-${language}`);

      const mail = outboxMails(app.server.dataDir).find((m) => !before.includes(m.file) && m.text.includes(`mei.${tag}@mailhouse.example`));
      expect(mail).toBeDefined();
      expect(mail!.text).toContain('Message-ID:');
      await context.close();
    });
  }

  it('shows the E-mail tab of the profile to an administrator: SMTP server and outbox', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'admin', width: 1400, height: 1000, language: 'zh' });
    await page.goto(`${app.server.url}/user/profile`);
    await page.getByTestId('profile-page').waitFor();
    await page.getByRole('tab', { name: '邮件' }).click();
    await page.getByRole('tab', { name: '开发发件箱' }).click();
    await page.getByTestId('email-outbox').waitFor();
    await settledScreenshot(page, 'email-outbox-zh');
    await page.getByRole('tab', { name: 'SMTP 服务器' }).click();
    await page.getByTestId('email-server-form').waitFor();
    expect(await page.getByTestId('email-server-form').textContent()).toContain('开发发件箱');
    await settledScreenshot(page, 'email-server-zh');
    await context.close();
  });
});
