import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf, fixture } from '../helpers/api';
import { settled } from '../helpers/board';
import { pickOption, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const SETUP = '/setup/index-leads/leads-fields';
/** A detail page's item by its label. */
const item = (page: Page, label: string) =>
  page
    .locator('[data-testid="record-detail-leads"]:visible [data-testid^="section-"] .ant-descriptions-item')
    .filter({ has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) });

const CASES = {
  en: { tab: 'Field Security', hidden: { name: 'annualRevenue', label: 'Annual Revenue' }, readOnly: { name: 'website', label: 'Website' }, hide: 'Hidden', read: 'Read-only', saved: 'Field security saved', edit: 'Edit' },
  zh: { tab: '字段安全', hidden: { name: 'employees', label: '员工人数' }, readOnly: { name: 'industry', label: '行业' }, hide: '隐藏', read: '只读', saved: '字段安全已保存', edit: '编辑' },
} as const;

/** The two fields' values of each language's lead (the English run hides its fields before the Chinese one writes). */
const VALUES = { en: { annualRevenue: '5000.00', website: 'https://guard.example' }, zh: { employees: 12, industry: 'technology' } } as const;

/**
 * Field-level security (issue 32): an administrator hides one lead field from the sales rep role and
 * makes another read-only in Set-up › Leads › Field Security; the rep's lead page then has no trace
 * of the hidden field and no pencil on the read-only one — the server sent fewer fields.
 */
describe('field-level security in Chromium', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`a field hidden and one read-only for the sales rep role (${language})`, async () => {
      const c = CASES[language];
      const rep = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language, width: 1440, height: 950 });
      const lead = await apiOf(app.server.url, rep.token)('POST', '/crm/leads', fixture({ lastName: `Guarded ${language}`, company: 'Field Guard Ltd', ...VALUES[language] }));
      expect(lead.code, lead.msg).toBe(200);
      const detail = rep.page.locator('[data-testid="record-detail-leads"]:visible');
      const openLead = async () => {
        await rep.page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${lead.data}`);
        await detail.waitFor();
        await item(rep.page, c.readOnly.label).waitFor();
      };
      await openLead();
      expect(await item(rep.page, c.hidden.label).count()).toBe(1);

      const admin = await signedInPage(app.browser, app.server.url, { username: 'admin', language, width: 1440, height: 950 });
      const roles = await apiOf(app.server.url, admin.token)('GET', '/system/role/list?pageSize=50');
      const salesRep = (roles.rows as Array<{ roleId: number; roleKey: string }>).find((r) => r.roleKey === 'sales_rep')!;
      await openPage(admin.page, app.server.url, SETUP);
      const setup = admin.page.locator('[data-testid="setup-page"]:visible');
      await setup.getByRole('tab', { name: c.tab }).click();
      await setup.getByTestId('field-security').waitFor();
      await pickOption(admin.page, setup.getByTestId(`fls-${c.hidden.name}-${salesRep.roleId}`), new RegExp(`^${c.hide}$`));
      await pickOption(admin.page, setup.getByTestId(`fls-${c.readOnly.name}-${salesRep.roleId}`), new RegExp(`^${c.read}$`));
      await setup.getByTestId('field-security-save').click();
      await admin.page.getByText(c.saved).waitFor();
      await settled(admin.page);
      await screenshot(admin.page, `field-security-setup-${language}`);
      await admin.context.close();

      // The rep's next page: the hidden field is gone, the read-only one shows its value without a pencil.
      await openLead();
      expect(await item(rep.page, c.hidden.label).count()).toBe(0);
      const readOnly = item(rep.page, c.readOnly.label);
      // The item's label comes before its value on a busy machine: wait for the value.
      await expect.poll(() => readOnly.locator('.crm-inline-value').innerText()).not.toBe('');
      expect(await readOnly.locator('.crm-inline-pencil').count()).toBe(0);
      await settled(rep.page);
      await screenshot(rep.page, `field-security-rep-${language}`);
      await rep.context.close();
    }, 240_000);
  }
});
