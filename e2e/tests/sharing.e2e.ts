import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf, fixture, type Api } from '../helpers/api';
import { quickSearch, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const sharingOf = (page: Page) => page.getByTestId('record-sharing');
const meOf = async (api: Api) => ((await api('GET', '/getInfo')) as unknown as { user: { userId: number } }).user.userId;

/** Sharing beyond the role's data scope (issue 32): Set-up › Sharing, a rep on campaigns and a shared lead, a manager's bin. */
describe('sharing in Chromium', () => {
  const app = serverAndBrowser();

  it('Set-up › Sharing shows campaigns public read-only (en, zh)', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { context, page } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900, language });
      await openPage(page, app.server.url, '/setup/sharing');
      const campaign = page.getByTestId('sharing-access-campaign');
      await expect.poll(() => campaign.textContent(), { timeout: 20_000 }).toContain(language === 'en' ? 'Public read-only' : '公开只读');
      expect(await page.getByTestId('sharing-access-leads').textContent()).toContain(language === 'en' ? 'Private' : '私有');
      await screenshot(page, `sharing-setup-${language}`);
      await context.close();
    }
  }, 180_000);

  it('a rep opens a marketing campaign read-only: no edit or delete, the Sharing panel says why (en, zh)', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000, language });
      const api = apiOf(app.server.url, token);
      const campaigns = (await api('GET', '/crm/campaign/list?pageSize=5')).rows as Array<{ id: number }>;
      expect(campaigns.length).toBeGreaterThan(0);
      await page.goto(`${app.server.url}/campaign/campaign-detail?flag=detail&id=${campaigns[0]!.id}`);
      await sharingOf(page).getByTestId('sharing-mine').waitFor({ timeout: 30_000 });
      const mine = await sharingOf(page).getByTestId('sharing-mine').textContent();
      expect(mine).toContain(language === 'en' ? 'Read only' : '只读');
      expect(mine).toContain(language === 'en' ? 'module default' : '模块默认');
      expect(await page.getByTestId('record-edit').count()).toBe(0);
      expect(await page.getByTestId('record-delete').count()).toBe(0);
      await sharingOf(page).scrollIntoViewIfNeeded();
      await screenshot(page, `sharing-campaign-rep-${language}`);
      await context.close();
    }
  }, 180_000);

  it('a rep finds a lead shared with her by hand in her list and opens it: read only, shared by its owner (en, zh)', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'grace.hall', width: 1400, height: 1000, language });
      const api = apiOf(app.server.url, token);
      const me = await meOf(api);
      const rows = (await api('GET', '/crm/leads/list?pageSize=500&fields=ownerId,lastName')).rows as Array<{ id: number; ownerId: number; lastName: string }>;
      const shared = rows.filter((r) => r.ownerId !== me);
      // The demo shares three of Noah's leads read-only and two of Liam's read/write with Grace.
      expect(shared.length).toBe(5);
      let readOnly: { id: number; lastName: string } | undefined;
      for (const r of shared) {
        const panel = (await api('GET', `/crm/leads/${r.id}/sharing`)).data as { mine: { canEdit: boolean } };
        if (!panel.mine.canEdit) readOnly = r;
      }
      // Her own list holds the shared lead beside her own.
      await openPage(page, app.server.url, '/Leads/leads-index');
      const list = page.locator('[data-testid="record-list-leads"]:visible');
      const matches = (await api('GET', `/crm/leads/list?pageSize=50&q=${encodeURIComponent(readOnly!.lastName)}`)).rows as Array<{ id: number }>;
      expect(matches.map((r) => r.id)).toContain(readOnly!.id);
      await quickSearch(list, readOnly!.lastName, matches.length);
      await list.locator(`.ant-table-row[data-row-key="${readOnly!.id}"]`).waitFor();

      await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${readOnly!.id}`);
      await sharingOf(page).getByTestId('sharing-mine').waitFor({ timeout: 30_000 });
      expect(await sharingOf(page).getByTestId('sharing-mine').textContent()).toContain(language === 'en' ? 'manual share' : '手动共享');
      expect(await sharingOf(page).getByTestId('sharing-list').textContent()).toContain('Grace Hall');
      expect(await page.getByTestId('record-edit').count()).toBe(0);
      await sharingOf(page).scrollIntoViewIfNeeded();
      await screenshot(page, `sharing-lead-shared-${language}`);
      await context.close();
    }
  }, 180_000);

  it('a rep opens an account whose team she is on: read only, the Team panel lists her, the Sharing panel says team (en, zh)', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'grace.hall', width: 1400, height: 1100, language });
      const api = apiOf(app.server.url, token);
      const me = await meOf(api);
      const rows = (await api('GET', '/crm/account/list?pageSize=500&fields=ownerId')).rows as Array<{ id: number; ownerId: number }>;
      // The demo puts Grace on two of Noah's accounts read-only and one of Liam's read/write (db/seed/demo/teams.ts).
      let readOnly: number | undefined;
      for (const r of rows.filter((row) => row.ownerId !== me)) {
        const team = (await api('GET', `/crm/account/${r.id}/team`)).data as { members: Array<{ userId: number; canWrite: boolean }> };
        if (team.members.some((m) => m.userId === me && !m.canWrite)) readOnly = r.id;
      }
      expect(readOnly).toBeDefined();
      await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${readOnly}`);
      const team = page.getByTestId('record-team');
      await team.getByTestId('team-list').waitFor({ timeout: 30_000 });
      expect(await team.textContent()).toContain('Grace Hall');
      expect(await team.textContent()).toContain(language === 'en' ? 'Sales engineer' : '售前工程师');
      expect(await team.getByTestId('team-add').count()).toBe(0);
      await sharingOf(page).getByTestId('sharing-mine').waitFor({ timeout: 30_000 });
      expect(await sharingOf(page).getByTestId('sharing-mine').textContent()).toContain(language === 'en' ? 'team' : '团队');
      expect(await page.getByTestId('record-edit').count()).toBe(0);
      await team.scrollIntoViewIfNeeded();
      await screenshot(page, `sharing-team-account-${language}`);
      await context.close();
    }
  }, 180_000);

  it('a manager sees and restores her team’s deleted lead in the recycle bin (en, zh)', async () => {
    const olivia = await signedInPage(app.browser, app.server.url, { username: 'olivia.park' });
    const lead = (await apiOf(app.server.url, olivia.token)('POST', '/crm/leads', fixture({ lastName: 'Binwright', company: 'Team Bin Ltd' }))).data as number;
    await olivia.context.close();
    for (const language of ['en', 'zh'] as const) {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1400, height: 900, language });
      const api = apiOf(app.server.url, token);
      if (language === 'en') expect((await api('DELETE', `/crm/leads/${lead}`)).code).toBe(200);
      await openPage(page, app.server.url, '/Leads/leads-index');
      await page.getByTestId('recycle-bin-button').click();
      const row = page.getByTestId('recycle-table').locator('.ant-table-row').filter({ hasText: 'Binwright' });
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      await screenshot(page, `sharing-manager-bin-${language}`);
      if (language === 'zh') {
        await row.locator('.ant-checkbox-input').check();
        await page.getByTestId('recycle-restore').click();
        await expect.poll(async () => (await api('GET', `/crm/leads/${lead}`)).code, { timeout: 20_000 }).toBe(200);
      }
      await context.close();
    }
  }, 180_000);
});
