import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictApi, leadRecord, metaOf, prepareCrmTests, signInOlivia } from '../../../test/crmFixtures';
import LeadsDetailPage from './detail';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  getRecord: vi.fn(),
  getRecordHistory: vi.fn(),
  listRecords: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
const campaignApi = vi.hoisted(() => ({ getRecordCampaigns: vi.fn() }));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/crmCampaign', () => campaignApi);
vi.mock('../../../api/system/dict', () => dictApi);

const converted = leadRecord({ status: 'qualified', convertedAt: '2026-11-22T10:00:00.000Z', convertedAccountId: 40, convertedOpportunityId: 41 });

function renderPage(id = 7) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={[`/Leads/leads-detail?flag=detail&id=${id}`]}>
          <LeadsDetailPage />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockImplementation(metaOf);
  api.getRecordHistory.mockResolvedValue({ code: 200, total: 0, rows: [], lookups: {} });
  campaignApi.getRecordCampaigns.mockResolvedValue({ code: 200, data: [] });
});

describe('the lead detail page', () => {
  it('offers Convert and Print on a lead not yet converted, and no banner', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: leadRecord(), lookups: { user: { 5: 'Olivia Park' } }, locked: null });
    renderPage();
    expect(await screen.findByTestId('lead-convert')).toBeTruthy();
    expect(screen.getByTestId('record-print').getAttribute('href')).toBe('/Leads/print-leads-detail?id=7');
    expect(screen.getByTestId('record-print').getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('converted-banner')).toBeNull();
  });

  it('shows a converted lead as Converted, with links to its account and opportunity, read-only and without Convert', async () => {
    api.getRecord.mockResolvedValue({
      code: 200,
      data: converted,
      lookups: { user: { 5: 'Olivia Park' }, account: { 40: 'Acme' }, opportunity: { 41: 'Acme - Pilot' } },
      locked: 'A converted lead cannot be changed',
    });
    renderPage();
    const banner = await screen.findByTestId('converted-banner');
    expect(within(banner).getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/account/account-detail?flag=detail&id=40');
    expect(within(banner).getByRole('link', { name: 'Acme - Pilot' }).getAttribute('href')).toBe('/opportunity/opportunity-detail?flag=detail&id=41');
    expect(screen.getByTestId('record-locked').textContent).toBe('A converted lead cannot be changed');
    expect(screen.queryByTestId('lead-convert')).toBeNull();
    expect(screen.queryByTestId('record-edit')).toBeNull();
    expect(screen.getByTestId('record-print')).toBeTruthy();
  });

  it('shows what the lead became outside the user\'s scope as "Restricted record", without a link', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: converted, lookups: { user: { 5: 'Olivia Park' }, account: { 40: null }, opportunity: { 41: 'Acme - Pilot' } }, locked: null });
    renderPage();
    const account = await screen.findByTestId('converted-account');
    expect(account.textContent).toBe('Account: Restricted record');
    expect(within(account).queryByRole('link')).toBeNull();
    expect(within(screen.getByTestId('converted-opportunity')).getByRole('link', { name: 'Acme - Pilot' })).toBeTruthy();
  });

  it('hides Convert from users who may not convert leads', async () => {
    signInOlivia(['crm:leads:list', 'crm:leads:query', 'crm:leads:edit', 'crm:account:add']);
    api.getRecord.mockResolvedValue({ code: 200, data: leadRecord(), lookups: {}, locked: null });
    renderPage();
    await screen.findByTestId('record-edit');
    expect(screen.queryByTestId('lead-convert')).toBeNull();
  });

  it('lists the campaign history: the campaign linked to its page, the member status as its tag, the date', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: leadRecord(), lookups: {}, locked: null });
    campaignApi.getRecordCampaigns.mockResolvedValue({
      code: 200,
      data: [{ id: 1, campaignId: 4, campaignName: 'Trade Fair', status: 'responded', createTime: '2026-11-20T09:00:00.000Z' }],
    });
    renderPage();
    const history = await screen.findByTestId('campaign-history');
    expect(await within(history).findByText('Campaign history (1)')).toBeTruthy();
    expect(within(history).getByRole('link', { name: 'Trade Fair' }).getAttribute('href')).toBe('/campaign/campaign-detail?flag=detail&id=4');
    expect(await within(history).findByText('Responded')).toBeTruthy();
    expect(campaignApi.getRecordCampaigns).toHaveBeenCalledWith('leads', 7);
  });
});
