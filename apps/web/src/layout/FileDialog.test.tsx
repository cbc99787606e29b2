import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n/i18n';
import { fileCentreOpen } from '../store/fileCentre';
import { renderWithProviders } from '../test/renderWithProviders';
import FileDialog from './FileDialog';

const api = vi.hoisted(() => ({ listFiles: vi.fn(), downloadFile: vi.fn() }));
vi.mock('../api/files', () => api);

beforeAll(async () => {
  await i18nReady;
});

describe('FileDialog', () => {
  it('opens when asked from elsewhere (an export) and shows a file\'s progress and a failed file\'s reason', async () => {
    api.listFiles.mockResolvedValue({
      code: 200,
      total: 2,
      rows: [
        { id: 1, fileName: 'Leads 2026-11-25.xlsx', status: 0, progressDone: 1234, progressTotal: 5000, errorMsg: '', createTimeStr: '2026-11-25 10:00:00' },
        { id: 2, fileName: 'Accounts.xlsx', status: 3, progressDone: 0, progressTotal: null, errorMsg: 'The user who asked for this file can no longer sign in', createTimeStr: '2026-11-25 09:00:00' },
      ],
    });
    renderWithProviders(<FileDialog />);
    expect(screen.queryByTestId('file-dialog')).toBeNull();
    act(() => fileCentreOpen.set(true));
    expect(await screen.findByText('1,234 of 5,000 rows')).toBeTruthy();
    expect(screen.getByTestId('file-error').textContent).toBe('The user who asked for this file can no longer sign in');
    expect(screen.getByTestId('file-download-1').hasAttribute('disabled')).toBe(true);
  });
});
