import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, signInOlivia } from '../../../test/crmFixtures';
import { RequestError } from '../../../api/request';
import DeleteAccountDialog from './DeleteAccountDialog';

const api = vi.hoisted(() => ({ listRecords: vi.fn(), deleteRecords: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../api/crm', () => api);

function renderDialog(ids: number[]) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter>
          <DeleteAccountDialog ids={ids} open onClose={onClose} onDone={onDone} />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
  return { onDone, onClose };
}
const ok = () => fireEvent.click(screen.getByTestId('delete-account-ok'));

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.deleteRecords.mockResolvedValue({ code: 200 });
});

describe('deleting accounts asks what to do with their opportunities', () => {
  it('without opportunities: a plain confirmation, and a plain delete', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 0, rows: [], lookups: {} });
    const { onDone } = renderDialog([7]);
    expect(await screen.findByText('Move 1 record to the recycle bin?')).toBeTruthy();
    ok();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.deleteRecords).toHaveBeenCalledWith('account', [7], {});
    expect(api.listRecords).toHaveBeenCalledWith('opportunity', expect.objectContaining({ filter: { field: 'accountId', op: 'in', value: [7] } }));
  });

  it('with opportunities: keeping them (the default) deletes nothing', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 3, rows: [], lookups: {} });
    const { onClose, onDone } = renderDialog([7, 8]);
    expect((await screen.findByTestId('delete-account-count')).textContent).toBe('3 opportunities belong to these accounts.');
    ok();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.deleteRecords).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('with opportunities: choosing to delete them too asks the server to delete both', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 2, rows: [], lookups: {} });
    const { onDone } = renderDialog([7]);
    fireEvent.click(await screen.findByText('Delete them too (to the recycle bin, with the account)'));
    ok();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.deleteRecords).toHaveBeenCalledWith('account', [7], { dependents: 'delete' });
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 1, rows: [], lookups: {} });
    api.deleteRecords.mockRejectedValue(new RequestError('1 opportunity(ies) of the account(s) are not yours to delete. Nothing was deleted.', 403));
    const { onDone, onClose } = renderDialog([7]);
    fireEvent.click(await screen.findByText('Delete them too (to the recycle bin, with the account)'));
    ok();
    expect((await screen.findByTestId('delete-account-error')).textContent).toContain('not yours to delete');
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a user who may not delete opportunities cannot choose to', async () => {
    signInOlivia(['crm:account:list', 'crm:account:remove', 'crm:opportunity:list']);
    api.listRecords.mockResolvedValue({ code: 200, total: 1, rows: [], lookups: {} });
    renderDialog([7]);
    await screen.findByTestId('delete-account-count');
    expect(screen.getByText('You may not delete opportunities, so this cannot be deleted.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Delete them too (to the recycle bin, with the account)' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Keep them: do not delete the account' }) as HTMLInputElement).checked).toBe(true);
  });
});
