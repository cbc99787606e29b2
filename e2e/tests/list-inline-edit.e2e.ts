import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiOf, fixture, type Api } from '../helpers/api';
import { pickOption, quickSearch, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page) => page.locator('[data-testid="record-list-leads"]:visible');
const rowOf = (page: Page, lastName: string) => listOf(page).locator('.ant-table-row', { hasText: lastName });
const cellOf = (page: Page, lastName: string, field: string) => rowOf(page, lastName).getByTestId(`grid-cell-${field}`);
const editorOf = (page: Page, field: string) => listOf(page).getByTestId(`grid-edit-${field}`);
const toast = (page: Page) => page.getByTestId('undo-toast').last();
/** The OK button of the dialog on top (antd writes two Chinese characters with a space between). */
const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|确\s?定)$/ });

type Lead = { id: number; company: string | null; status: string; email: string | null; version: number };
const leadOf = async (api: Api, id: number) => (await api('GET', `/crm/leads/${id}`)).data as Lead;

async function createLeads(api: Api, company: string, lastNames: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const lastName of lastNames) {
    const res = await api('POST', '/crm/leads', fixture({ lastName, company, status: 'new', email: `${lastName.toLowerCase()}@inline.example` }));
    expect(res.code, res.msg).toBe(200);
    ids.push(res.data as number);
  }
  return ids;
}

/** Clicks a choice of the list's Export menu and reads the file the browser downloads at once. */
async function exportAtOnce(page: Page, choice: RegExp): Promise<ExcelJS.Worksheet> {
  await listOf(page).getByTestId('list-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: choice }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** The cells of a column of a sheet, by its header. */
function column(sheet: ExcelJS.Worksheet, header: string): unknown[] {
  const headers = (sheet.getRow(1).values as string[]).slice(1);
  const at = headers.indexOf(header) + 1;
  expect(at, `${header} in ${headers.join(', ')}`).toBeGreaterThan(0);
  const values: unknown[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) values.push(sheet.getRow(r).getCell(at).value);
  return values;
}

/** Whether the text of an element is cut (an ellipsis) rather than shown whole. */
const clipped = (element: Locator) => element.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

describe('a list edited in place, with undo, and exported at once (issue 36)', () => {
  const app = serverAndBrowser();

  it('edits cells in place, Tab to the next, undoes an edit and a mass update, and downloads a short export at once (English)', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1440, height: 900 });
    const api = apiOf(app.server.url, token);
    const [amberId, basilId] = await createLeads(api, 'Inline Grid Ltd', ['Amberley', 'Basildon']);

    await openPage(page, app.server.url, '/Leads/leads-index');
    // 20 rows a page by default, and every column of the view — "Created" last — readable at 1440 px.
    await expect.poll(() => listOf(page).locator('.ant-table-row').count()).toBe(20);
    await expect(listOf(page).locator('.ant-pagination-options').textContent()).resolves.toContain('20 / page');
    await screenshot(page, 'list-inline-columns-en');
    const created = listOf(page).locator('th', { hasText: 'Created' });
    expect(await created.isVisible()).toBe(true);
    expect(await clipped(created)).toBe(false);
    const box = await created.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
    // A long e-mail is cut short, not a date-time.
    expect(await clipped(listOf(page).locator('.ant-table-row').first().locator('td').last())).toBe(false);

    await quickSearch(listOf(page), 'Inline Grid Ltd', 2);

    // Double-click a cell: the field's own input, filled with the value.
    await cellOf(page, 'Amberley', 'company').dblclick();
    const company = editorOf(page, 'company').locator('input');
    await expect.poll(() => company.inputValue()).toBe('Inline Grid Ltd');
    await company.fill('Inline Grid Group');
    await screenshot(page, 'list-inline-editing-en');
    // Tab saves and opens the next editable cell of the row (the e-mail).
    await company.press('Tab');
    const email = editorOf(page, 'email').locator('input');
    await expect.poll(() => email.inputValue()).toBe('amberley@inline.example');
    await expect.poll(async () => (await leadOf(api, amberId!)).company).toBe('Inline Grid Group');
    // A value the check refuses stays in the editor with the message; Escape leaves the cell as it was.
    await email.fill('not an e-mail');
    await email.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Email has an invalid value' }).waitFor();
    await email.press('Escape');
    await editorOf(page, 'email').waitFor({ state: 'detached' });
    expect(await cellOf(page, 'Amberley', 'email').textContent()).toBe('amberley@inline.example');

    // The saved company shows at once, and its toast offers to undo it.
    await cellOf(page, 'Amberley', 'company').getByText('Inline Grid Group').waitFor();
    await toast(page).getByText('Company saved').waitFor();
    await screenshot(page, 'list-inline-undo-toast-en');
    await toast(page).getByTestId('undo-button').click();
    await page.getByText('Undone').waitFor();
    await expect.poll(async () => (await leadOf(api, amberId!)).company).toBe('Inline Grid Ltd');
    await cellOf(page, 'Amberley', 'company').getByText('Inline Grid Ltd').waitFor();

    // The keyboard alone: Enter on the focused cell edits it; Enter saves.
    await cellOf(page, 'Basildon', 'email').focus();
    await page.keyboard.press('Enter');
    const basil = editorOf(page, 'email').locator('input');
    await basil.fill('basil@inline.example');
    await basil.press('Enter');
    await expect.poll(async () => (await leadOf(api, basilId!)).email).toBe('basil@inline.example');

    // A mass update says how many it saved; Undo gives each record its own previous value back.
    await api('PUT', '/crm/leads', { id: basilId, version: (await leadOf(api, basilId!)).version, status: 'qualified' });
    await listOf(page).getByRole('button', { name: 'Refresh' }).click();
    for (const name of ['Amberley', 'Basildon']) await rowOf(page, name).locator('.ant-checkbox-input').check();
    await listOf(page).getByRole('button', { name: /Change a field/ }).click();
    const dialog = page.getByTestId('change-field-form');
    await pickOption(page, dialog.getByRole('combobox').first(), /^Lead Status$/);
    await pickOption(page, dialog.getByRole('combobox').nth(1), /^Contacted$/);
    await okOf(page).click();
    await toast(page).getByText('Saved 2 records').waitFor();
    await expect.poll(async () => [(await leadOf(api, amberId!)).status, (await leadOf(api, basilId!)).status]).toEqual(['contacted', 'contacted']);
    await screenshot(page, 'list-mass-undo-toast-en');
    await toast(page).getByTestId('undo-button').click();
    await expect.poll(async () => [(await leadOf(api, amberId!)).status, (await leadOf(api, basilId!)).status]).toEqual(['new', 'qualified']);

    // A short export downloads at once — no file centre to open — and is listed there as done.
    await expect.poll(() => listOf(page).locator('.ant-checkbox-input:checked').count()).toBe(0);
    await listOf(page).getByTestId('list-export').click();
    const selectedNone = page.getByRole('menuitem', { name: /Selected rows \(0\)/ });
    expect(await selectedNone.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'list-export-menu-en');
    await page.keyboard.press('Escape');
    const sheet = await exportAtOnce(page, /This list as shown/);
    expect((column(sheet, 'Last Name') as string[]).sort()).toEqual(['Amberley', 'Basildon']);
    expect((column(sheet, 'Email') as string[]).sort()).toEqual(['amberley@inline.example', 'basil@inline.example']);
    await page.getByText('Download Successful').waitFor();
    expect(await page.getByTestId('file-dialog').locator('.ant-modal-wrap').isVisible()).toBe(false);
    const files = await api('POST', '/userFile/userFilePageList', { type: 1, pageNum: 1, pageSize: 1 });
    expect(files.rows![0]).toMatchObject({ status: 1, fileName: expect.stringMatching(/^Leads /) });
    await context.close();
  }, 240_000);

  it('does the same in Chinese: the editor, its undo and the export speak Chinese', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1440, height: 900, language: 'zh' });
    const api = apiOf(app.server.url, token);
    const [id] = await createLeads(api, '行内编辑公司', ['Zhou']);

    await openPage(page, app.server.url, '/Leads/leads-index');
    await expect.poll(() => listOf(page).locator('.ant-table-row').count()).toBe(20);
    const created = listOf(page).locator('th', { hasText: '创建时间' });
    expect(await clipped(created)).toBe(false);
    await screenshot(page, 'list-inline-columns-zh');
    await quickSearch(listOf(page), '行内编辑公司', 1);

    await cellOf(page, 'Zhou', 'company').dblclick();
    const company = editorOf(page, 'company').locator('input');
    await company.fill('行内编辑集团');
    await company.press('Enter');
    await toast(page).getByText('已保存公司').waitFor();
    await expect.poll(async () => (await leadOf(api, id!)).company).toBe('行内编辑集团');
    await screenshot(page, 'list-inline-undo-toast-zh');
    await toast(page).getByRole('button', { name: /^撤\s?销$/ }).click();
    await page.getByText('已撤销').waitFor();
    await expect.poll(async () => (await leadOf(api, id!)).company).toBe('行内编辑公司');

    await listOf(page).getByTestId('list-export').click();
    expect(await page.getByRole('menuitem', { name: /选中的行（0）/ }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    const sheet = await exportAtOnce(page, /当前列表/);
    expect(column(sheet, '姓')).toEqual(['Zhou']);
    expect(column(sheet, '公司')).toEqual(['行内编辑公司']);
    await context.close();
  }, 180_000);
});
