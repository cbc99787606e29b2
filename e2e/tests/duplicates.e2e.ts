import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickUntil, screenshot } from '../helpers/browser';
import { apiOf } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page) => page.locator('[data-testid="record-list-leads"]:visible');

/**
 * Duplicates in Chromium (docs/records-engine.md, "Duplicates and merge"): the built-in lead rule
 * "Same e-mail" warns on save, "Save anyway" keeps the reason, two leads merge from the list, and a
 * lead edited into a duplicate on its own page merges from the warning into the other one.
 */
describe('duplicate leads: warning on save, save anyway, merge from the list', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`in ${language}`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { language, width: 1400, height: 900 });
      const api = apiOf(app.server.url, token);
      const email = `dora.${language}@twinfield.example`;
      const company = `Twinfield ${language}`;
      expect((await api('POST', '/crm/leads', { firstName: 'Dora', lastName: 'Duplicate', company, email, title: 'Buyer' })).code).toBe(200);

      // The module's rules in Set-up: the built-in ones, on.
      await openPage(page, app.server.url, '/setup/index-leads/leads-fields');
      await page.getByRole('tab', { name: language === 'en' ? 'Duplicate rules' : '查重规则' }).click();
      const rules = page.getByTestId('duplicate-rule-table');
      await expect.poll(() => rules.locator('.ant-table-row').count()).toBe(2);
      await page.waitForTimeout(400); // the tab's ink bar sliding over
      await screenshot(page, `duplicates-setup-${language}`);

      await openPage(page, app.server.url, '/Leads/leads-index');
      await listOf(page).locator('.ant-table-row').first().waitFor();
      await listOf(page).getByTestId('record-new').click();
      await page.getByTestId('record-type-picker').waitFor();
      // The picker's own "Next" (not "the last button on screen", which a dialog still fading out
      // can hold); a click landing while the dialog slides in is lost, so it is pressed again.
      const form = page.getByTestId('record-form');
      await clickUntil(page.getByRole('button', { name: language === 'en' ? 'Next' : '下一步' }), form);
      await form.locator('#firstName').fill('Dora');
      await form.locator('#lastName').fill('Duplicate');
      await form.locator('#company').fill(company);
      await form.locator('#email').fill(email.toUpperCase());
      await page.getByTestId('record-form-save').click();

      const dialog = page.getByTestId('duplicate-dialog');
      await dialog.waitFor();
      await expect.poll(() => dialog.getByTestId('duplicate-match').count()).toBe(1);
      await expect.poll(() => page.getByTestId('duplicate-save-anyway').isDisabled()).toBe(true);
      await page.waitForTimeout(300); // the dialog's opening animation
      await screenshot(page, `duplicates-warning-${language}`);

      await page.getByTestId('duplicate-reason').fill('Her second company address');
      await page.getByTestId('duplicate-save-anyway').click();
      await form.waitFor({ state: 'detached' });
      const saved = await api('GET', `/crm/leads/list?q=${encodeURIComponent(company)}`);
      const ids = (saved.rows as Array<{ id: number }>).map((r) => r.id);
      expect(ids).toHaveLength(2);
      const history = await api('GET', `/crm/leads/${Math.max(...ids)}/history`);
      expect(history.rows).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'duplicate', newValue: 'Her second company address' })]));

      // Both rows selected in the list → Merge: one column per lead, the survivor chosen at the top.
      const list = listOf(page);
      const rows = list.locator('.ant-table-row', { hasText: company });
      await expect.poll(() => rows.count()).toBe(2);
      for (const i of [0, 1]) await rows.nth(i).locator('.ant-checkbox-input').check();
      await list.getByTestId('mass-actions').getByRole('button', { name: language === 'en' ? 'Merge' : /合\s?并/ }).click();
      const merge = page.getByTestId('merge-dialog');
      await merge.locator('.ant-table-row').first().waitFor();
      const older = Math.min(...ids);
      await page.getByTestId(`merge-survivor-${older}`).click();
      await page.getByTestId(`merge-value-email-${Math.max(...ids)}`).click();
      await page.waitForTimeout(300);
      await screenshot(page, `duplicates-merge-${language}`);
      await page.getByTestId('merge-submit').click();
      await merge.waitFor({ state: 'detached' });

      const after = await api('GET', `/crm/leads/list?q=${encodeURIComponent(company)}`);
      expect((after.rows as Array<{ id: number; email: string }>).map((r) => r.id)).toEqual([older]);
      const survivor = await api('GET', `/crm/leads/${older}`);
      expect(survivor.data).toMatchObject({ email: email.toUpperCase(), title: 'Buyer' });

      // A third lead edited on its own page into the survivor's e-mail, merged from the warning
      // into the survivor: the user lands on the survivor's page, and the list no longer has it.
      const laterCompany = `Later ${company}`;
      const later = (await api('POST', '/crm/leads', { firstName: 'Dora', lastName: 'Later', company: laterCompany, email: `later.${email}` })).data as number;
      await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${later}`);
      const detail = page.locator('[data-testid="record-detail-leads"]:visible');
      await expect.poll(() => detail.getByTestId('record-name').textContent()).toBe('Dora Later');
      const tab = (path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);
      await tab('/Leads/leads-index').click();
      await expect.poll(() => listOf(page).locator('.ant-table-row', { hasText: laterCompany }).count()).toBe(1);
      await tab('/Leads/leads-detail').click();
      await detail.getByTestId('record-edit').click();
      const editForm = page.getByTestId('record-form');
      await editForm.waitFor();
      await editForm.locator('#email').fill(email);
      await page.getByTestId('record-form-save').click();
      await page.getByTestId('duplicate-dialog').waitFor();
      await page.getByTestId('duplicate-merge').click();
      await page.getByTestId('merge-dialog').locator('.ant-table-row').first().waitFor();
      await page.getByTestId(`merge-survivor-${older}`).click();
      await page.getByTestId('merge-submit').click();
      await page.waitForURL((url) => url.searchParams.get('id') === String(older));
      await expect.poll(() => detail.getByTestId('record-name').textContent()).toBe('Dora Duplicate');
      expect(await page.getByTestId('record-not-found').count()).toBe(0);
      await page.waitForTimeout(300); // the message's arrival
      await screenshot(page, `duplicates-merged-from-form-${language}`);
      expect((await api('GET', `/crm/leads/${later}`)).code).toBe(404);
      await tab('/Leads/leads-index').click();
      await expect.poll(() => listOf(page).locator('.ant-table-row', { hasText: laterCompany }).count()).toBe(0);
      await context.close();
    });
  }
});
