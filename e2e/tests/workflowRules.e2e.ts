import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiOf, fixture } from '../helpers/api';
import { settled } from '../helpers/board';
import { artefactsDir, pickOption, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const SETUP = '/setup/index-leads/leads-fields';
const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|确\s?定)$/ });

const TEXT = {
  en: { tab: 'Automation', fieldChanges: /^A field changes$/, status: /^Lead Status$/, qualified: /^Qualified$/, createTask: /^Create a task$/, when: 'Lead Status changes to', value: 'Qualified', ran: 'Qualified follow-up en' },
  zh: { tab: '自动化', fieldChanges: /^字段发生变化$/, status: /^线索状态$/, qualified: /^已确认$/, createTask: /^创建任务$/, when: '线索状态变为', value: '已确认', ran: 'Qualified follow-up zh' },
} as const;

/**
 * Workflow rules built in the browser (issue 34): an administrator makes "when Lead Status changes
 * to Qualified, create a task" in Set-up › Leads › Automation, with the picklist's own values; a lead
 * qualified afterwards gets its task once, and the run shows on the lead's timeline.
 */
describe('workflow rules in Chromium', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`builds a rule in Set-up and it runs once when a lead is qualified (${language})`, async () => {
      const text = TEXT[language];
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'admin', language, width: 1440, height: 950 });
      const api = apiOf(app.server.url, token);
      const lead = await api('POST', '/crm/leads', fixture({ lastName: `Ruled ${language}`, company: `Rule Works ${language}` }));
      expect(lead.code, lead.msg).toBe(200);

      await openPage(page, app.server.url, SETUP);
      const setup = page.locator('[data-testid="setup-page"]:visible');
      await setup.getByRole('tab', { name: text.tab }).click();
      await setup.getByTestId('new-workflow-rule').click();
      const dialog = page.getByTestId('workflow-rule-dialog');
      await dialog.getByTestId('workflow-rule-name').fill(text.ran);
      await pickOption(page, dialog.getByTestId('workflow-trigger'), text.fieldChanges);
      await pickOption(page, dialog.getByTestId('workflow-trigger-field'), text.status, { typed: text.status.source.slice(1, -1) });
      await pickOption(page, dialog.locator('#triggerValue'), text.qualified);
      await pickOption(page, dialog.getByTestId('workflow-action-kind-0'), text.createTask);
      await dialog.getByTestId('workflow-task-subject-0').fill(`Call the qualified lead ${language}`);
      await settled(page);
      await page.screenshot({ path: path.join(artefactsDir, `workflow-rule-dialog-${language}.png`) });
      await okOf(page).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = setup.getByTestId('workflow-rule-table').locator('tr', { hasText: text.ran });
      await expect.poll(() => row.innerText()).toContain(text.when);
      expect(await row.innerText()).toContain(text.value);
      await screenshot(page, `workflow-rules-${language}`);

      const before = await api('GET', `/crm/leads/${lead.data}`);
      const qualified = await api('PUT', '/crm/leads', { id: lead.data, version: (before.data as { version: number }).version, status: 'qualified' });
      expect(qualified.code, qualified.msg).toBe(200);
      // The rule runs after the change commits, on the worker: its run comes to the lead's timeline.
      const kinds = async () => ((await api('GET', `/crm/leads/${lead.data}/timeline`)).rows ?? []).map((r) => (r as { kind: string }).kind);
      await expect.poll(kinds, { timeout: 30_000, interval: 500 }).toContain('workflow');
      await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${lead.data}`);
      const detail = page.locator('[data-testid="record-detail-leads"]:visible');
      // This language's rule ran once on it (the other language's rule, still active, ran too).
      const ran = detail.getByTestId('workflow-entry').filter({ hasText: text.ran });
      await ran.waitFor();
      expect(await ran.count()).toBe(1);
      const tasks = await api('GET', `/crm/task/list?pageSize=50&filter=${encodeURIComponent(JSON.stringify({ field: 'subject', op: 'eq', value: `Call the qualified lead ${language}` }))}`);
      expect(tasks.rows ?? []).toHaveLength(1);
      await settled(page);
      await screenshot(page, `workflow-rule-ran-${language}`);
      await context.close();
    }, 240_000);
  }
});
