import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyRow } from '@orbit/shared/contract/apiKeys';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import ApiKeysSection from './ApiKeysSection';

const api = vi.hoisted(() => ({ listOwnApiKeys: vi.fn(), createApiKey: vi.fn(), revokeOwnApiKey: vi.fn() }));
vi.mock('../../../../api/system/apiKeys', () => api);

const KEY = `orb_${'k'.repeat(43)}`;
const row = (over: Partial<ApiKeyRow>): ApiKeyRow => ({
  keyId: 1,
  name: 'Spreadsheet sync',
  keyHint: 'orb_AbCd',
  readOnly: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  expiresAt: '2027-01-30T08:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'active',
  ...over,
});

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  vi.resetAllMocks();
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('Profile › API keys', () => {
  it('lists the keys with their last use, and says so when there are none', async () => {
    api.listOwnApiKeys.mockResolvedValueOnce({ data: [row({}), row({ keyId: 2, name: 'Old export', readOnly: true, status: 'revoked', lastUsedAt: '2026-11-02T09:30:00.000Z' })] });
    renderWithProviders(<ApiKeysSection />);
    const table = await screen.findByTestId('api-key-table');
    expect(await within(table).findByText('Spreadsheet sync')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    expect(within(table).getByText('Read-only')).toBeTruthy();
    expect(within(table).getByText('Revoked')).toBeTruthy();
    // Only the live key can be revoked.
    expect(screen.getByTestId('revoke-key-1')).toBeTruthy();
    expect(screen.queryByTestId('revoke-key-2')).toBeNull();
    cleanup();

    api.listOwnApiKeys.mockResolvedValueOnce({ data: [] });
    renderWithProviders(<ApiKeysSection />);
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('creates a key with name, expiry and read-only, shows it once with a copy button, in both languages', async () => {
    await changeLanguage('zh');
    api.listOwnApiKeys.mockResolvedValue({ data: [] });
    api.createApiKey.mockResolvedValue({ data: { ...row({ readOnly: true }), key: KEY }, msg: '' });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ApiKeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: /新建 API 密钥/ }));
    const dialog = await screen.findByTestId('api-key-create-dialog');
    // A name is required: nothing is sent without one.
    fireEvent.click(within(dialog).getByRole('button', { name: /确/ }));
    expect(await within(dialog).findByText('名称不能为空')).toBeTruthy();
    expect(api.createApiKey).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: 'Spreadsheet sync' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(api.createApiKey).toHaveBeenCalledWith({ name: 'Spreadsheet sync', expiresInDays: 90, readOnly: true }));
    const shown = await screen.findByTestId('api-key-shown-once');
    expect((within(shown).getByTestId('api-key-value') as HTMLInputElement).value).toBe(KEY);
    expect(within(shown).getByText('密钥仅显示这一次。请妥善保存：Orbit 只保存它的指纹。')).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: /^copy 复 ?制$/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    expect(await screen.findByText('密钥已复制')).toBeTruthy();
  });

  it('revokes a key after asking', async () => {
    api.listOwnApiKeys.mockResolvedValue({ data: [row({})] });
    api.revokeOwnApiKey.mockResolvedValue({ code: 200 });
    renderWithProviders(<ApiKeysSection />);
    fireEvent.click(await screen.findByTestId('revoke-key-1'));
    expect(await screen.findByText('Revoke the API key "Spreadsheet sync"? Programs using it stop working at once.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.revokeOwnApiKey).toHaveBeenCalledWith(1));
    expect(await screen.findByText('API key revoked')).toBeTruthy();
  });

  it('shows the load error with a retry when the list cannot be read', async () => {
    api.listOwnApiKeys.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ data: [row({})] });
    renderWithProviders(<ApiKeysSection />);
    const retry = await screen.findByTestId('retry', {}, { timeout: 5000 });
    fireEvent.click(retry);
    expect(await screen.findByText('Spreadsheet sync')).toBeTruthy();
  });
});
