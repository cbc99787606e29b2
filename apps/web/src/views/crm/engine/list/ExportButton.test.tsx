import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { fileCentreOpen } from '../../../../store/fileCentre';
import ExportButton from './ExportButton';
import type { ListSettings } from './listAddress';

const api = vi.hoisted(() => ({ exportRecords: vi.fn() }));
vi.mock('../../../../api/crm', () => api);
const files = vi.hoisted(() => ({ downloadFile: vi.fn() }));
vi.mock('../../../../api/files', () => files);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  fileCentreOpen.set(false);
  api.exportRecords.mockResolvedValue({ code: 200, msg: 'The export has started: it will be ready in the file centre', data: { fileId: 9, ready: false } });
  files.downloadFile.mockResolvedValue(true);
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

  it('downloads a short export at once, without opening the file centre', async () => {
    api.exportRecords.mockResolvedValue({ code: 200, msg: 'The export is ready: it is downloading, and it is kept in the file centre', data: { fileId: 12, ready: true } });
    renderCrm(<ExportButton module="leads" settings={settings} selectedIds={[]} total={34} />);
    await choose(/This list as shown/);
    await waitFor(() => expect(files.downloadFile).toHaveBeenCalledWith(12));
    expect(fileCentreOpen.get()).toBe(false);
  });

  it('exports the selected rows; with none selected, or an empty list, those choices are disabled', async () => {
    const { unmount } = renderCrm(<ExportButton module="leads" settings={settings} selectedIds={[]} total={0} />);
    fireEvent.click(screen.getByTestId('list-export'));
    const selected = await screen.findByRole('menuitem', { name: /Selected rows \(0\)/ });
    const shown = screen.getByRole('menuitem', { name: /This list as shown/ });
    expect(selected.getAttribute('aria-disabled')).toBe('true');
    expect(shown.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: /Every record I may see/ }).getAttribute('aria-disabled')).not.toBe('true');
    fireEvent.click(selected);
    fireEvent.click(shown);
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
