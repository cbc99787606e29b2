import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { fileCentreOpen } from '../../../../store/fileCentre';
import ExportButton from './ExportButton';
import type { ListSettings } from './listAddress';

const api = vi.hoisted(() => ({ exportRecords: vi.fn() }));
vi.mock('../../../../api/crm', () => api);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  fileCentreOpen.set(false);
  api.exportRecords.mockResolvedValue({ code: 200, msg: 'The export has started: it will be ready in the file centre', data: { fileId: 9 } });
});

const settings: ListSettings = {
  owner: 'mine',
  q: ' acme ',
  filter: { field: 'status', op: 'eq', value: 'new' },
  columns: ['lastName', 'company'],
  orderByColumn: 'company',
  isAsc: 'asc',
};

async function choose(label: RegExp) {
  fireEvent.click(screen.getByTestId('list-export'));
  fireEvent.click(await screen.findByText(label));
}

describe('ExportButton', () => {
  it('exports the list as shown — owner scope, search, filter, sort and columns — then opens the file centre', async () => {
    renderCrm(<ExportButton module="leads" settings={settings} selectedIds={[]} />);
    await choose(/This list as shown/);
    await waitFor(() => expect(fileCentreOpen.get()).toBe(true));
    expect(api.exportRecords).toHaveBeenCalledWith('leads', {
      owner: 'mine',
      q: 'acme',
      filter: JSON.stringify(settings.filter),
      fields: 'lastName,company',
      orderByColumn: 'company',
      isAsc: 'asc',
      timezoneOffset: new Date().getTimezoneOffset(),
    });
    expect(await screen.findByText('The export has started: it will be ready in the file centre')).toBeTruthy();
  });

  it('exports the selected rows, and says to select some first when there are none', async () => {
    const { unmount } = renderCrm(<ExportButton module="leads" settings={settings} selectedIds={[]} />);
    await choose(/Selected rows \(0\)/);
    expect(await screen.findByText('Please select at least one record and try again')).toBeTruthy();
    expect(api.exportRecords).not.toHaveBeenCalled();
    unmount();

    renderCrm(<ExportButton module="leads" settings={settings} selectedIds={[4, 5]} />);
    await choose(/Selected rows \(2\)/);
    await waitFor(() => expect(api.exportRecords).toHaveBeenCalled());
    expect(api.exportRecords.mock.calls[0]![1]).toMatchObject({ ids: [4, 5], fields: 'lastName,company', orderByColumn: 'company' });
    expect(api.exportRecords.mock.calls[0]![1].filter).toBeUndefined();
  });

  it('exports every record the user may see, whatever the list shows', async () => {
    renderCrm(<ExportButton module="leads" settings={settings} selectedIds={[]} />);
    await choose(/Every record I may see/);
    await waitFor(() => expect(api.exportRecords).toHaveBeenCalled());
    expect(api.exportRecords.mock.calls[0]![1]).toEqual({ owner: 'all', fields: 'lastName,company', timezoneOffset: new Date().getTimezoneOffset() });
  });
});
