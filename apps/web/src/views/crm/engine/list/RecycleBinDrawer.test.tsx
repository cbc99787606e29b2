import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import RecycleBinDrawer from './RecycleBinDrawer';

const api = vi.hoisted(() => ({
  listRecycleBin: vi.fn(),
  restoreRecords: vi.fn(),
  lookupUsers: vi.fn(),
  lookupRecords: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  const deleted = (id: number, lastName: string) => ({ ...leadRecord({ id, firstName: 'Ada', lastName }), deletedAt: '2026-11-20 10:00:00' });
  api.listRecycleBin.mockResolvedValue({ code: 200, total: 2, rows: [deleted(7, 'Park'), deleted(8, 'Wang')], lookups: {} });
  api.restoreRecords.mockResolvedValue({ code: 200 });
});

describe('RecycleBinDrawer', () => {
  it('offers Restore only once a record is chosen, says how many, and restores those', async () => {
    const onRestored = vi.fn();
    renderCrm(<RecycleBinDrawer module="leads" meta={leadsMeta} open onClose={vi.fn()} onRestored={onRestored} />);
    const table = await screen.findByTestId('recycle-table');
    await within(table).findByText('Ada Park');
    const restore = screen.getByTestId('recycle-restore') as HTMLButtonElement;
    expect(restore.disabled).toBe(true);
    expect(restore.textContent).toBe('Restore');

    fireEvent.click(within(table).getAllByRole('checkbox')[2]!);
    await waitFor(() => expect(restore.disabled).toBe(false));
    expect(restore.textContent).toBe('Restore (1)');
    fireEvent.click(restore);
    await waitFor(() => expect(onRestored).toHaveBeenCalledTimes(1));
    expect(api.restoreRecords).toHaveBeenCalledWith('leads', [8]);
  });
});
