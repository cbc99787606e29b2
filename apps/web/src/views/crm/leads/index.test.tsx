import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '../../../test/antdSelect';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import { listSettingsOf } from '../engine/list/listSettingsOf';
import LeadsIndexPage from './index';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  listRecords: vi.fn(),
  lookupUsers: vi.fn(),
  lookupRecords: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: leadsMeta });
  api.listRecords.mockResolvedValue({ code: 200, total: 1, rows: [leadRecord()], lookups: {} });
});

describe('the leads list page', () => {
  it('prints, in a new tab, what the list shows: its view, filter, sort, columns and owner scope', async () => {
    renderCrm(<LeadsIndexPage />);
    const print = await screen.findByTestId('list-print');
    expect(print.getAttribute('target')).toBe('_blank');
    const settingsOf = () => {
      const [path, query] = screen.getByTestId('list-print').getAttribute('href')!.split('?');
      expect(path).toBe('/Leads/print-leads-index');
      return listSettingsOf(new URLSearchParams(query));
    };
    expect(settingsOf()).toMatchObject({ viewId: 101, owner: 'all', filter: null, columns: ['lastName', 'firstName', 'company', 'status'] });

    await chooseOption(screen.getByRole('combobox', { name: 'List view' }), 'Hot Leads');
    await waitFor(() => expect(settingsOf()?.viewId).toBe(102));
    expect(settingsOf()).toMatchObject({
      owner: 'mine',
      filter: { field: 'rating', op: 'eq', value: 'hot' },
      columns: ['lastName', 'company', 'rating'],
      orderByColumn: 'company',
      isAsc: 'asc',
    });
  });
});
