import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pickFound, pickOption, screenshot } from '../helpers/browser';
import { apiOf, type Api, fixture } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { signedInPage } from './shell-support';

const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|确\s?定)$/ });
const opportunityOf = (page: Page) => page.locator('[data-testid="record-detail-opportunity"]:visible');
const contactOf = (page: Page) => page.locator('[data-testid="record-detail-contact"]:visible');

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

async function created(api: Api, module: string, body: Record<string, unknown>): Promise<number> {
  const res = await api('POST', `/crm/${module}`, fixture(body));
  expect(res.code, res.msg).toBe(200);
  return res.data as number;
}

type Names = { account: string; deal: string; first: [string, string]; second: [string, string]; other: [string, string]; task: string };

/** An account with two contacts and an opportunity, a contact of another account, and a task naming the second contact about the opportunity. */
async function setUp(api: Api, n: Names) {
  const me = ((await api('GET', '/getInfo')) as unknown as { user: { userId: number } }).user.userId;
  const accountId = await created(api, 'account', { name: n.account, ownerId: me });
  const otherAccount = await created(api, 'account', { name: `${n.account} 2`, ownerId: me });
  const opportunityId = await created(api, 'opportunity', { name: n.deal, accountId, ownerId: me, stage: 'prospecting', closeDate: '2026-12-31', amount: '50000' });
  const contact = (name: [string, string], account: number) => created(api, 'contact', { firstName: name[0], lastName: name[1], accountId: account, ownerId: me });
  const firstId = await contact(n.first, accountId);
  const secondId = await contact(n.second, accountId);
  await contact(n.other, otherAccount);
  const taskId = await created(api, 'task', { subject: n.task, name: { module: 'contact', id: secondId }, relatedTo: { module: 'opportunity', id: opportunityId }, dueDate: '2026-12-20' });
  return { opportunityId, firstId, secondId, taskId };
}

/** Opens the card's add dialog; a click that lands while the card is still re-rendering after its load is made again. */
async function openAddRole(page: Page) {
  const form = page.getByTestId('add-contact-role-form');
  for (let attempt = 1; ; attempt++) {
    await opportunityOf(page).getByTestId('add-contact-role').click();
    try {
      await form.getByTestId('contact-role-contact').waitFor({ timeout: 8_000 });
      return form;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Adds a contact role through the card's dialog: the contact picked by typing, the role from the list, primary when asked. */
async function addRole(page: Page, contact: RegExp, search: string, role: RegExp, primary: boolean): Promise<void> {
  const form = await openAddRole(page);
  const picker = form.getByTestId('contact-role-contact');
  const shown = async (select: Locator) => (await select.innerText()).trim();
  // Picked until the box shows the contact, so that OK is never pressed on a form the dialog would refuse.
  await pickFound(page, picker.locator('input'), search, contact, picker);
  const rolePicker = form.getByTestId('contact-role-role');
  for (let attempt = 1; !role.test(await shown(rolePicker)); attempt++) {
    if (attempt > 3) throw new Error(`the role picker never showed ${role}`);
    await pickOption(page, rolePicker, role);
  }
  if (primary) {
    // A click event, not a pointer click: under load the dialog can still be settling after the
    // role's dropdown closes, and a pointer click waits for it to stop moving.
    const box = form.getByTestId('contact-role-primary');
    await box.dispatchEvent('click');
    await expect.poll(() => box.isChecked()).toBe(true);
  }
  // The same for OK: a click event rather than a pointer click waiting for the dialog to hold still.
  await okOf(page).dispatchEvent('click');
  await form.waitFor({ state: 'hidden' });
}

describe('opportunity contact roles and task names in Chromium', () => {
  const app = serverAndBrowser();

  it('adds two contact roles, makes the second primary, sees it on the contact; a task shows on both its name’s and its related record’s detail (English)', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1500 });
    const api = apiOf(app.server.url, token);
    const n: Names = { account: 'Bluefin Logistics', deal: 'Bluefin fleet renewal', first: ['Grace', 'Hopper'], second: ['Alan', 'Turing'], other: ['Ada', 'Byron'], task: 'Walk Alan through the renewal terms' };
    const { opportunityId, firstId, secondId } = await setUp(api, n);

    await page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${opportunityId}`);
    const roles = opportunityOf(page).getByTestId('contact-roles');
    await roles.getByTestId('contact-roles-empty').waitFor();
    // The account's contacts come first, in their own group; the other account's contact after.
    await (await openAddRole(page)).getByTestId('contact-role-contact').click();
    const groups = page.locator('.ant-select-dropdown:visible .ant-select-item-group');
    await groups.first().waitFor();
    expect(await groups.allTextContents()).toEqual(['Contacts of this account', 'Other contacts']);
    await page.waitForTimeout(300);
    await screenshot(page, 'contact-roles-picker-en');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: 'Cancel' }).click();

    await addRole(page, /Grace Hopper/, 'Grace', /^Decision Maker$/, true);
    await roles.locator('.ant-table-row', { hasText: 'Grace Hopper' }).getByTestId('contact-role-is-primary').waitFor();
    await addRole(page, /Alan Turing/, 'Alan', /^Technical Buyer$/, false);
    const alan = roles.locator('.ant-table-row', { hasText: 'Alan Turing' });
    await alan.waitFor();
    await alan.getByTestId(`make-primary-${secondId}`).click();
    await alan.getByTestId('contact-role-is-primary').waitFor();
    await expect.poll(() => roles.getByTestId('contact-role-is-primary').count()).toBe(1);
    expect(await roles.textContent()).toContain('Contact roles (2)');
    // The task names Alan and is related to the opportunity: listed and on the timeline here.
    await opportunityOf(page).getByTestId('related-task-relatedTo').locator('.ant-table-row', { hasText: n.task }).waitFor();
    await opportunityOf(page).getByTestId('activity-entry').filter({ hasText: n.task }).waitFor();
    await settled(page);
    await screenshot(page, 'contact-roles-opportunity-en');

    // On Alan's page: the opportunity with his role, primary; the task, in his list and timeline.
    await page.goto(`${app.server.url}/contact/contact-detail?flag=detail&id=${secondId}`);
    const deals = contactOf(page).getByTestId('contact-opportunities');
    const deal = deals.locator('.ant-table-row', { hasText: n.deal });
    await deal.waitFor();
    expect(await deal.textContent()).toContain('Technical Buyer');
    expect(await deal.textContent()).toContain('Primary');
    await contactOf(page).getByTestId('related-task-name').locator('.ant-table-row', { hasText: n.task }).waitFor();
    await contactOf(page).getByTestId('activity-entry').filter({ hasText: n.task }).waitFor();
    await settled(page);
    await screenshot(page, 'contact-roles-contact-en');

    // A task made in the form, naming Grace and related to the opportunity: on both pages.
    await page.goto(`${app.server.url}/task/task-index`);
    await page.locator('[data-testid="record-list-task"]:visible').getByTestId('record-new').click();
    const form = page.getByTestId('record-form');
    await form.waitFor();
    await form.locator('#subject').fill('Send Grace the security review');
    const item = (id: string) => form.locator('.ant-form-item', { has: page.locator(`label[for="${id}"]`) });
    await pickOption(page, item('name').getByRole('combobox', { name: 'Kind of record' }), /^Contacts$/);
    await pickFound(page, item('name').locator('#name'), 'Grace', 'Grace Hopper', item('name'));
    await pickOption(page, item('relatedTo').getByRole('combobox', { name: 'Kind of record' }), /^Opportunities$/);
    await pickFound(page, item('relatedTo').locator('#relatedTo'), 'Bluefin', n.deal, item('relatedTo'));
    await page.waitForTimeout(300);
    await screenshot(page, 'contact-roles-task-form-en');
    await page.getByTestId('record-form-save').click();
    await form.waitFor({ state: 'detached' });
    await page.goto(`${app.server.url}/contact/contact-detail?flag=detail&id=${firstId}`);
    await contactOf(page).getByTestId('related-task-name').locator('.ant-table-row', { hasText: 'Send Grace the security review' }).waitFor();
    await contactOf(page).getByTestId('activity-entry').filter({ hasText: 'Send Grace the security review' }).waitFor();
    await page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${opportunityId}`);
    await opportunityOf(page).getByTestId('related-task-relatedTo').locator('.ant-table-row', { hasText: 'Send Grace the security review' }).waitFor();
    await opportunityOf(page).getByTestId('activity-entry').filter({ hasText: 'Send Grace the security review' }).waitFor();

    const saved = (await api('GET', `/crm/opportunity/${opportunityId}/contact-roles`)).data as Array<{ contactId: number; role: string; isPrimary: boolean }>;
    expect(saved.map((r) => [r.contactId, r.role, r.isPrimary])).toEqual([[secondId, 'technical_buyer', true], [expect.any(Number), 'decision_maker', false]]);
    await context.close();
  }, 240_000);

  it('does the same in Chinese', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1400, height: 1500 });
    const api = apiOf(app.server.url, token);
    const n: Names = { account: '蓝鳍物流', deal: '蓝鳍车队续约', first: ['晓明', '李'], second: ['芳', '王'], other: ['强', '赵'], task: '与王芳确认续约条款' };
    const { opportunityId, secondId } = await setUp(api, n);

    await page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${opportunityId}`);
    const roles = opportunityOf(page).getByTestId('contact-roles');
    expect(await (await roles.getByTestId('contact-roles-empty').elementHandle())?.textContent()).toBe('此商机还没有联系人角色');
    await addRole(page, /李晓明/, '晓明', /^决策者$/, true);
    await addRole(page, /王芳/, '芳', /^技术决策人$/, false);
    const wang = roles.locator('.ant-table-row', { hasText: '王芳' });
    await wang.getByTestId(`make-primary-${secondId}`).click();
    await wang.getByTestId('contact-role-is-primary').waitFor();
    await expect.poll(() => roles.getByTestId('contact-role-is-primary').count()).toBe(1);
    await opportunityOf(page).getByTestId('activity-entry').filter({ hasText: n.task }).waitFor();
    await settled(page);
    await screenshot(page, 'contact-roles-opportunity-zh');

    await page.goto(`${app.server.url}/contact/contact-detail?flag=detail&id=${secondId}`);
    const deal = contactOf(page).getByTestId('contact-opportunities').locator('.ant-table-row', { hasText: n.deal });
    await deal.waitFor();
    expect(await deal.textContent()).toContain('技术决策人');
    expect(await deal.textContent()).toContain('主要联系人');
    await contactOf(page).getByTestId('related-task-name').locator('.ant-table-row', { hasText: n.task }).waitFor();
    await contactOf(page).getByTestId('activity-entry').filter({ hasText: n.task }).waitFor();
    await settled(page);
    await screenshot(page, 'contact-roles-contact-zh');
    await context.close();
  }, 240_000);
});
