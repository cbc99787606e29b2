import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleSharingRow } from '@orbit/shared/contract/sharing';
import { changeLanguage, loadAllTexts } from '../../../i18n/i18n';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import SetupSharingPage from './index';

const api = vi.hoisted(() => ({
  listModuleSharing: vi.fn(),
  setModuleSharing: vi.fn(),
  getRecordSharing: vi.fn(),
  addRecordShare: vi.fn(),
  removeRecordShare: vi.fn(),
  listShareRecipients: vi.fn(),
  listSharingRules: vi.fn(),
  createSharingRule: vi.fn(),
  updateSharingRule: vi.fn(),
  deleteSharingRule: vi.fn(),
}));
vi.mock('../../../api/sharing', () => api);

const rows: ModuleSharingRow[] = [
  { module: 'leads', access: 'private' },
  { module: 'campaign', access: 'read' },
];

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.listSharingRules.mockResolvedValue({ data: [] });
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('Set-up › Sharing', () => {
  it('shows a loading state, then each module with its default access, and changes one', async () => {
    api.listModuleSharing.mockResolvedValueOnce({ data: rows }).mockResolvedValue({ data: [rows[0], { module: 'campaign', access: 'readwrite' }] });
    api.setModuleSharing.mockResolvedValue({ code: 200 });
    renderCrm(<SetupSharingPage />);
    expect(screen.getByTestId('sharing-setup-loading')).toBeTruthy();
    const campaign = await screen.findByTestId('sharing-access-campaign');
    expect(campaign.textContent).toContain('Public read-only');
    expect(screen.getByTestId('sharing-access-leads').textContent).toContain('Private');
    fireEvent.mouseDown(campaign.querySelector('.ant-select-selector') ?? campaign);
    fireEvent.click(await screen.findByTitle('Public read/write'));
    await waitFor(() => expect(api.setModuleSharing).toHaveBeenCalledWith('campaign', 'readwrite'));
    await waitFor(() => expect(screen.getByTestId('sharing-access-campaign').textContent).toContain('Public read/write'));
  });

  it('someone who may only look sees the defaults as text, with no pickers', async () => {
    signInOlivia(['setup:fields:list']);
    api.listModuleSharing.mockResolvedValue({ data: rows });
    renderCrm(<SetupSharingPage />);
    const campaign = await screen.findByTestId('sharing-access-campaign');
    expect(campaign.tagName).toBe('SPAN');
    expect(campaign.textContent).toBe('Public read-only');
  });

  it('an empty answer says so; an error offers a retry', async () => {
    api.listModuleSharing.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ data: [] });
    renderCrm(<SetupSharingPage />);
    fireEvent.click(await screen.findByTestId('retry'));
    await screen.findByText('No modules to set up');
  });

  it('speaks Chinese', async () => {
    await loadAllTexts();
    await changeLanguage('zh');
    api.listModuleSharing.mockResolvedValue({ data: rows });
    renderCrm(<SetupSharingPage />);
    expect((await screen.findByTestId('sharing-access-campaign')).textContent).toContain('公开只读');
    expect(screen.getByText('共享', { selector: 'h4' })).toBeTruthy();
  });
});
