import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RequestError } from '../../../api/request';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictApi, leadRecord, metaOf, prepareCrmTests, signInOlivia } from '../../../test/crmFixtures';
import LeadsDetailPage from './detail';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  getRecord: vi.fn(),
  getRecordHistory: vi.fn(),
  listRecords: vi.fn(),
  lookupRecords: vi.fn(),
  lookupUsers: vi.fn(),
  updateRecord: vi.fn(),
  mergeRecords: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
const campaignApi = vi.hoisted(() => ({ getRecordCampaigns: vi.fn() }));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/crmCampaign', () => campaignApi);
vi.mock('../../../api/system/dict', () => dictApi);

const converted = leadRecord({ status: 'qualified', convertedAt: '2026-11-22T10:00:00.000Z', convertedAccountId: 40, convertedOpportunityId: 41 });

/** Where the page is: the address the router is at. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(id = 7) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter initialEntries={['/Leads/leads-index', `/Leads/leads-detail?flag=detail&id=${id}`]}>
          <Routes>
            <Route path="/Leads/leads-detail" element={<LeadsDetailPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Address />
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

  it('offers neither Convert nor Edit on a lead the user may only read (a read-only share): converting changes it', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: leadRecord(), lookups: { user: { 5: 'Olivia Park' } }, locked: null, canEdit: false });
    renderPage();
    await screen.findByTestId('record-print');
    expect(screen.queryByTestId('lead-convert')).toBeNull();
    expect(screen.queryByTestId('record-edit')).toBeNull();
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

  it('edited into a duplicate and merged into the other lead: lands on the survivor\'s page, the merged one is not fetched again', async () => {
    const survivor = leadRecord({ id: 12, firstName: 'Ann', lastName: 'Wang', email: 'ann@acme.example', version: 2 });
    api.getRecord.mockImplementation(async (_module, id: number) => {
      if (id === 7 && api.mergeRecords.mock.calls.length) throw new RequestError('The record does not exist or you have no access to it', 404);
      return { code: 200, data: id === 12 ? survivor : leadRecord(), lookups: { user: { 5: 'Olivia Park' } }, locked: null };
    });
    const found = { action: 'warn', ruleId: 1, ruleName: 'Same e-mail', matches: [{ id: 12, label: 'Ann Wang', detail: 'ann@acme.example', ownerName: 'Olivia Park' }], hiddenCount: 0 };
    api.updateRecord.mockRejectedValue(new RequestError('Possible duplicate', 409, undefined, false, found));
    api.mergeRecords.mockResolvedValue({ code: 200, msg: 'Merged' });
    renderPage();
    expect((await screen.findByTestId('record-name')).textContent).toBe('Olivia Park');

    fireEvent.click(screen.getByTestId('record-edit'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ann@acme.example' } });
    fireEvent.click(screen.getByTestId('record-form-save'));
    await screen.findByTestId('duplicate-dialog');
    fireEvent.click(screen.getByTestId('duplicate-merge'));
    fireEvent.click(await screen.findByTestId('merge-survivor-12'));
    fireEvent.click(screen.getByTestId('merge-submit'));

    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/Leads/leads-detail?flag=detail&id=12'));
    await waitFor(() => expect(screen.getByTestId('record-name').textContent).toBe('Ann Wang'));
    expect(api.mergeRecords).toHaveBeenCalledWith('leads', expect.objectContaining({ survivorId: 12, mergedIds: [7] }));
    // The merged lead's page is gone: it was neither shown as "not found" nor asked for again.
    const asked = api.getRecord.mock.calls.slice(api.getRecord.mock.calls.findIndex(([, id]) => id === 12) + 1);
    expect(asked.filter(([, id]) => id === 7)).toEqual([]);
    expect(screen.queryByTestId('record-not-found')).toBeNull();
  });
});
