import net from 'node:net';
import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiOf, fixture } from '../helpers/api';
import { launchBrowser, pickOption, screenshot } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server';
import { openPage, signedInPage } from './shell-support';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * E-mail in (issue 35): a real SMTP client (nodemailer) sends to the dropbox listener of the
 * running server (INBOUND_SMTP_PORT); a mail to a known contact lands on its timeline, one to
 * nobody Orbit knows waits in the Inbox, where the rep links it to a lead — in English and Chinese.
 */
describe('the e-mail dropbox and the Inbox in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startServer({ INBOUND_SMTP_PORT: String(smtpPort) }, { from: inject('seededDataDir') });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a BCC’d mail lands on the contact’s timeline; an unmatched one is linked from the Inbox to a lead (en, zh)', async () => {
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    try {
      for (const language of ['en', 'zh'] as const) {
        const olivia = await signedInPage(browser, server.url, { username: 'olivia.park', width: 1400, height: 1000, language });
        const api = apiOf(server.url, olivia.token);
        const contact = (await api('POST', '/crm/contact', fixture({ firstName: 'Dropbox', lastName: `Reader ${language}`, email: `dropbox.reader.${language}@acme.example` }))).data as number;
        const lead = (await api('POST', '/crm/leads', fixture({ firstName: 'Fair', lastName: `Visitor ${language}`, company: 'Expo Ltd', email: `fair.${language}@expo.example` }))).data as number;
        expect(contact).toBeGreaterThan(0);
        expect(lead).toBeGreaterThan(0);
        const from = 'Olivia Park <olivia.park@example.com>';
        const envelope = { from: 'olivia.park@example.com', to: ['crm@orbit.test'] };
        await smtp.sendMail({ envelope, from, to: `dropbox.reader.${language}@acme.example`, subject: `Quote follow-up ${language}`, html: '<p>As promised, the <strong>quote</strong>.</p>' });
        await smtp.sendMail({ envelope, from, to: 'someone@new-prospect.example', subject: `Met at the expo ${language}`, html: '<p>Lovely to meet you at the expo.</p>' });

        await olivia.page.goto(`${server.url}/contact/contact-detail?flag=detail&id=${contact}`);
        const entry = olivia.page.getByTestId('email-entry').filter({ hasText: `Quote follow-up ${language}` });
        await expect.poll(() => entry.count(), { timeout: 30_000 }).toBe(1);
        await entry.scrollIntoViewIfNeeded();
        await screenshot(olivia.page, `email-in-timeline-${language}`);

        await openPage(olivia.page, server.url, '/inbox');
        const mail = olivia.page.getByTestId('email-inbox').locator('[data-testid^="inbox-mail-"]').filter({ hasText: `Met at the expo ${language}` });
        await expect.poll(() => mail.count(), { timeout: 20_000 }).toBe(1);
        await screenshot(olivia.page, `email-inbox-${language}`);
        await mail.locator('[data-testid^="inbox-link-"]').click();
        await pickOption(olivia.page, olivia.page.getByTestId('inbox-link-module'), language === 'en' ? /^Leads$/ : /^线索$/);
        await pickOption(olivia.page, olivia.page.getByRole('dialog').getByRole('combobox').nth(1), new RegExp(`Visitor ${language}`));
        await screenshot(olivia.page, `email-inbox-link-${language}`);
        await olivia.page.getByTestId('inbox-link-ok').click();
        await expect.poll(() => mail.count(), { timeout: 20_000 }).toBe(0);

        const timeline = (await api('GET', `/crm/leads/${lead}/timeline?kinds=email`)).rows as Array<{ email: { subject: string; direction: string } }>;
        expect(timeline.map((e) => [e.email.subject, e.email.direction])).toEqual([[`Met at the expo ${language}`, 'in']]);
        await olivia.context.close();
      }
    } finally {
      smtp.close();
    }
  }, 240_000);
});
