import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardData, DashboardMeta } from '@orbit/shared/contract/dashboard';
import { leadsMeta, opportunityMeta } from '../../test/crmFixtures';
import { preloadRecordPage } from '../../views/crm/engine/preloadRecordPage';
import { preloadDashboard } from '../../views/crm/dashboard/preloadDashboard';
import { dashboardDataKey, dashboardsKey } from '../../views/crm/dashboard/dashboardKeys';
import { dictQueryKey } from '../../components/dict/useDict';
import { moduleMetaKey } from '../../views/crm/engine/useModuleMeta';
import { recordKey } from '../../views/crm/engine/detail/recordQuery';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { useRecordListController } from '../../views/crm/engine/list/useRecordListController';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  getRecord: vi.fn(),
  listRecords: vi.fn(),
  getDictValues: vi.fn(),
  listDashboards: vi.fn(),
  getDashboardData: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../api/crm', () => ({ getModuleMeta: api.getModuleMeta, getRecord: api.getRecord, listRecords: api.listRecords, metaVersionSeen: api.metaVersionSeen }));
vi.mock('../../api/system/dict', () => ({ getDictValues: api.getDictValues }));
vi.mock('../../api/crmDashboard', () => ({ listDashboards: api.listDashboards, getDashboardData: api.getDashboardData }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let client: QueryClient;

beforeEach(() => {
  vi.clearAllMocks();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  api.getModuleMeta.mockImplementation(async (module: string) => ({ data: module === 'leads' ? leadsMeta : opportunityMeta }));
  api.getDictValues.mockImplementation(async (type: string) => ({ data: [{ dictValue: 'x', dictLabel: type }] }));
  api.getRecord.mockImplementation(async (_module: string, id: number) => ({ data: { id }, lookups: {} }));
  api.listRecords.mockResolvedValue({ code: 200, msg: '', total: 1, rows: [{ id: 5 }], lookups: {} });
});

describe('preloadRecordPage', () => {
  it('on a list asks for the metadata, then the dictionaries of the first view’s columns, under the page’s own keys', async () => {
    preloadRecordPage(client, 'crm/leads/index', new URLSearchParams(), 'zh');
    await settle();
    expect(api.getModuleMeta).toHaveBeenCalledWith('leads');
    expect(client.getQueryData(moduleMetaKey('leads', 'zh'))).toBe(leadsMeta);
    // The first view shows status (a picklist); rating is not one of its columns.
    expect(api.getDictValues.mock.calls.map(([type]) => type)).toEqual(['crm_lead_status']);
    expect(client.getQueryData(dictQueryKey('crm_lead_status', 'zh'))).toEqual([{ dictValue: 'x', dictLabel: 'crm_lead_status' }]);
    expect(api.getRecord).not.toHaveBeenCalled();
  });

  it('on a list asks for its first page of rows beside the dictionaries, which the list then takes from the cache without asking again', async () => {
    // The app's cache settings (a fresh answer is not asked for again on mount).
    client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
    preloadRecordPage(client, 'crm/leads/index', new URLSearchParams(), 'en');
    await vi.waitFor(() => expect(api.listRecords).toHaveBeenCalledTimes(1));
    expect(api.listRecords.mock.lastCall).toEqual(['leads', expect.objectContaining({ pageNum: 1, pageSize: 20, owner: 'all', fields: ['lastName', 'firstName', 'company', 'status'] })]);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useRecordListController('leads', leadsMeta), { wrapper });
    expect(result.current.list.rows).toEqual([{ id: 5 }]);
    await settle();
    expect(api.listRecords).toHaveBeenCalledTimes(1);
  });

  it('does not ask for a list’s rows when it opens on a filter from its address, nor on a record page', async () => {
    preloadRecordPage(client, 'crm/leads/index', new URLSearchParams('filter=%7B%7D'), 'en');
    preloadRecordPage(client, 'crm/leads/detail', new URLSearchParams('id=3'), 'en');
    await vi.waitFor(() => expect(api.getDictValues).toHaveBeenCalled());
    await settle();
    expect(api.listRecords).not.toHaveBeenCalled();
  });

  it('on a record page also asks for the record, and for every picklist’s dictionary', async () => {
    preloadRecordPage(client, 'crm/leads/detail', new URLSearchParams('flag=detail&id=42'), 'en');
    await settle();
    expect(api.getRecord).toHaveBeenCalledWith('leads', 42);
    expect(client.getQueryData(recordKey('leads', 42, 'en'))).toEqual({ data: { id: 42 }, lookups: {} });
    expect(api.getDictValues.mock.calls.map(([type]) => type).sort()).toEqual(['crm_lead_status', 'crm_rating']);
  });

  it('leaves other pages, unknown modules and a record page without an id alone', async () => {
    preloadRecordPage(client, 'system/user/index', new URLSearchParams(), 'en');
    preloadRecordPage(client, 'crm/report/index', new URLSearchParams(), 'en');
    preloadRecordPage(client, 'crm/leads/detail', new URLSearchParams('id=abc'), 'en');
    await settle();
    expect(api.getModuleMeta.mock.calls).toEqual([['leads']]);
    expect(api.getRecord).not.toHaveBeenCalled();
  });
});

describe('preloadDashboard', () => {
  const dashboards = [{ id: 1, name: 'Sales', widgets: [] }, { id: 7, name: 'Mine', widgets: [{ kind: 'chart' }] }] as unknown as DashboardMeta[];
  const data = {
    dashboard: dashboards[1],
    widgets: [{ report: { definition: { module: 'opportunity', groupRows: [{ field: 'stage' }, { field: 'accountId.industry' }], groupColumns: [] } }, result: null, previous: null, range: null, error: null }],
  } as unknown as DashboardData;

  beforeEach(() => {
    api.listDashboards.mockResolvedValue({ data: dashboards });
    api.getDashboardData.mockResolvedValue({ data });
  });

  it('opens the landing dashboard the user can see, then its widgets’ metadata and the dictionaries they group by', async () => {
    preloadDashboard(client, 7, 'en');
    await vi.waitFor(() => expect(api.getDictValues).toHaveBeenCalled());
    expect(api.getDashboardData).toHaveBeenCalledWith(7, {});
    expect(client.getQueryData(dashboardsKey)).toBe(dashboards);
    expect(client.getQueryData(dashboardDataKey(7, { from: undefined, to: undefined, owners: undefined }))).toBe(data);
    expect(api.getModuleMeta.mock.calls).toEqual([['opportunity']]);
    expect(api.getDictValues.mock.calls).toEqual([['crm_opportunity_stage']]);
  });

  it('says which dashboard opened and the modules and dictionaries its widgets needed, through a lookup too', async () => {
    const throughCampaign = {
      ...data,
      widgets: [...data.widgets, { report: { definition: { module: 'leads', related: 'campaignId', groupRows: [{ field: 'campaignId.stage' }, { field: 'status' }] } }, result: null, previous: null, range: null, error: null }],
    } as unknown as DashboardData;
    api.getDashboardData.mockResolvedValue({ data: throughCampaign });
    const onLabels = vi.fn();
    preloadDashboard(client, 7, 'en', null, onLabels);
    await vi.waitFor(() => expect(onLabels).toHaveBeenCalled());
    const [labels] = onLabels.mock.lastCall as [{ opened: number; modules: string[]; dictTypes: string[] }];
    expect(labels.opened).toBe(7);
    expect(labels.modules.sort()).toEqual(['campaign', 'leads', 'opportunity']);
    // The campaign's metadata (here the fixture with a stage picklist) labels `campaignId.stage`.
    expect(labels.dictTypes.sort()).toEqual(['crm_lead_status', 'crm_opportunity_stage']);
    expect(client.getQueryData(moduleMetaKey('campaign', 'en'))).toBeDefined();
  });

  it('asks for what opened last time at once, beside the list of dashboards, and then not again', async () => {
    // The app's cache settings (a fresh answer is not asked for again).
    client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
    let answerList!: (value: { data: DashboardMeta[] }) => void;
    api.listDashboards.mockReturnValue(new Promise((resolve) => (answerList = resolve)));
    preloadDashboard(client, 7, 'en', { opened: 7, modules: ['opportunity'], dictTypes: ['crm_opportunity_stage'] });
    await settle();
    // The list has not answered yet, and the data, metadata and dictionary are asked for already.
    expect(api.getDashboardData.mock.calls).toEqual([[7, {}, false]]);
    expect(api.getModuleMeta.mock.calls).toEqual([['opportunity']]);
    expect(api.getDictValues.mock.calls).toEqual([['crm_opportunity_stage']]);
    answerList({ data: dashboards });
    await vi.waitFor(() => expect(client.getQueryData(dashboardsKey)).toBe(dashboards));
    await settle();
    expect(api.getDashboardData).toHaveBeenCalledTimes(1);
    expect(api.getModuleMeta).toHaveBeenCalledTimes(1);
    expect(api.getDictValues).toHaveBeenCalledTimes(1);
  });

  it('opens the first dashboard when the landing one is not among those the user can see', async () => {
    preloadDashboard(client, 99, 'en');
    await vi.waitFor(() => expect(api.getDashboardData).toHaveBeenCalled());
    expect(api.getDashboardData.mock.calls).toEqual([[1, {}]]);
  });
});
