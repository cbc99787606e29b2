import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../i18n/i18n';
import { fileCentreOpen, openFileCentre } from '../store/fileCentre';
import { renderWithProviders } from '../test/renderWithProviders';
import FileDialog from './FileDialog';

const api = vi.hoisted(() => ({ listFiles: vi.fn(), downloadFile: vi.fn() }));
vi.mock('../api/files', () => api);
const imports = vi.hoisted(() => ({ revertImport: vi.fn() }));
vi.mock('../api/recordImport', () => imports);

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(() => {
  cleanup();
  fileCentreOpen.set(false);
});

describe('FileDialog', () => {
  it('opens when asked from elsewhere (an export) and shows a file\'s progress and a failed file\'s reason', async () => {
    api.listFiles.mockResolvedValue({
      code: 200,
      total: 2,
      rows: [
        { id: 1, fileName: 'Leads 2026-11-25.xlsx', status: 0, progressDone: 1234, progressTotal: 5000, errorMsg: '', createTimeStr: '2026-11-25 10:00:00', result: null, importInfo: null },
        {
          id: 2,
          fileName: 'Accounts.xlsx',
          status: 3,
          progressDone: 0,
          progressTotal: null,
          errorMsg: 'The user who asked for this file can no longer sign in',
          createTimeStr: '2026-11-25 09:00:00',
          result: null,
          importInfo: null,
        },
      ],
    });
    renderWithProviders(<FileDialog />);
    expect(screen.queryByTestId('file-dialog')).toBeNull();
    act(() => fileCentreOpen.set(true));
    // The file centre loads when first opened (layout/FileCentre.tsx): on busy cores, more than findBy's default second.
    expect(await screen.findByText('1,234 of 5,000 rows', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('file-error').textContent).toBe('The user who asked for this file can no longer sign in');
    expect(screen.getByTestId('file-download-1').hasAttribute('disabled')).toBe(true);
  });

  it('shows upload records with their import\'s phase and counts, its error file, and undo while it may be undone', async () => {
    const file = (id: number, phase: string, extra: Record<string, unknown> = {}) => ({
      id,
      fileName: `import ${id}.xlsx`,
      status: 1,
      progressDone: 3,
      progressTotal: 3,
      errorMsg: '',
      createTimeStr: '2026-11-25 10:00:00',
      result: { created: 2, updated: 0, skipped: 0, failed: 1 },
      importInfo: { module: 'leads', phase, errorFileId: null, revertible: false },
      ...extra,
    });
    api.listFiles.mockResolvedValue({
      code: 200,
      total: 3,
      rows: [
        file(5, 'imported', { importInfo: { module: 'leads', phase: 'imported', errorFileId: 9, revertible: true } }),
        file(6, 'reverted', { result: { created: 2, updated: 0, skipped: 0, failed: 1, reverted: 2, revertKept: 0 } }),
        file(7, 'uploaded', { result: null }),
      ],
    });
    imports.revertImport.mockResolvedValue({ code: 200, msg: 'The import is being undone: follow it in the file centre', data: { fileId: 5 } });
    renderWithProviders(<FileDialog />);
    act(() => openFileCentre(0));
    expect(await screen.findByTestId('import-phase-imported')).toBeTruthy();
    expect(screen.getAllByTestId('import-counts')[0]!.textContent).toBe('2 created · 0 updated · 0 skipped · 1 failed');
    expect(screen.getByTestId('import-phase-reverted').textContent).toBe('Undone');
    expect(screen.getAllByTestId('import-counts')[1]!.textContent).toContain('2 undone · 0 kept');
    expect(screen.getByTestId('import-phase-uploaded').textContent).toBe('Uploaded, not imported');
    expect(screen.queryByTestId('import-revert-6')).toBeNull();

    fireEvent.click(screen.getByTestId('import-errors-5'));
    expect(api.downloadFile).toHaveBeenCalledWith(9);
    fireEvent.click(screen.getByTestId('import-revert-5'));
    // By its text, not its role: a role query walks the whole table's accessibility tree in jsdom (seconds on a busy machine).
    fireEvent.click((await screen.findByText('OK', { selector: 'button span' })).closest('button')!);
    await waitFor(() => expect(imports.revertImport).toHaveBeenCalledWith('leads', 5));
    expect(await screen.findByText('The import is being undone: follow it in the file centre')).toBeTruthy();
  });
});
