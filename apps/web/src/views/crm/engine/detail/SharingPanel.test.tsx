import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordSharing } from '@orbit/shared/contract/sharing';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import SharingPanel from './SharingPanel';

const api = vi.hoisted(() => ({
  getRecordSharing: vi.fn(),
  addRecordShare: vi.fn(),
  removeRecordShare: vi.fn(),
  listShareRecipients: vi.fn(),
  listModuleSharing: vi.fn(),
  setModuleSharing: vi.fn(),
}));
vi.mock('../../../../api/sharing', () => api);

const sharing = (values: Partial<RecordSharing> = {}): RecordSharing => ({
  ownerId: 6,
  ownerName: 'Noah King',
  moduleAccess: 'private',
  mine: { canRead: true, canEdit: true, canShare: true, reasons: ['owner'] },
  shares: [
    { id: 11, recipientKind: 'user', recipientId: 5, recipientName: 'Olivia Park', canWrite: false, sharedBy: 6, sharedByName: 'Noah King', createdAt: '2026-11-28T09:00:00.000Z', ruleId: null, ruleName: null },
    { id: 12, recipientKind: 'dept', recipientId: 3, recipientName: 'Sales East', canWrite: true, sharedBy: 6, sharedByName: 'Noah King', createdAt: '2026-11-28T09:00:00.000Z', ruleId: null, ruleName: null },
  ],
  ...values,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe("a record's Sharing panel", () => {
  it('shows a loading state, then who has access and why, and every manual share with its level', async () => {
    api.getRecordSharing.mockResolvedValue({ data: sharing() });
    renderCrm(<SharingPanel module="leads" id={7} />);
    expect(screen.getByTestId('sharing-loading')).toBeTruthy();
    const panel = await screen.findByTestId('sharing-list');
    expect(screen.getByTestId('sharing-mine').textContent).toContain('Read and edit');
    expect(screen.getByTestId('sharing-mine').textContent).toContain('owner');
    expect(screen.getByTestId('sharing-owner').textContent).toBe('Owner: Noah King');
    expect(screen.getByTestId('sharing-default').textContent).toBe('Module default: Private');
    expect(within(screen.getByTestId('sharing-row-11')).getByText('Olivia Park')).toBeTruthy();
    expect(screen.getByTestId('sharing-row-11').textContent).toContain('Read');
    expect(screen.getByTestId('sharing-row-12').textContent).toContain('Department and below');
    expect(screen.getByTestId('sharing-row-12').textContent).toContain('Read/write');
    expect(panel).toBeTruthy();
    expect(api.getRecordSharing).toHaveBeenCalledWith('leads', 7);
  });

  it('someone who may only read sees why, and no share or revoke buttons; an empty list says so', async () => {
    api.getRecordSharing.mockResolvedValue({ data: sharing({ moduleAccess: 'read', mine: { canRead: true, canEdit: false, canShare: false, reasons: ['moduleDefault'] }, shares: [] }) });
    renderCrm(<SharingPanel module="campaign" id={3} />);
    await screen.findByTestId('sharing-list');
    expect(screen.getByTestId('sharing-mine').textContent).toContain('Read only');
    expect(screen.getByTestId('sharing-mine').textContent).toContain('module default');
    expect(screen.getByTestId('sharing-default').textContent).toBe('Module default: Public read-only');
    expect(screen.getByText('Not shared with anyone by hand')).toBeTruthy();
    expect(screen.queryByTestId('sharing-add')).toBeNull();
  });

  it('revokes a share after asking, and refreshes the list', async () => {
    api.getRecordSharing.mockResolvedValueOnce({ data: sharing() }).mockResolvedValue({ data: sharing({ shares: sharing().shares.slice(1) }) });
    api.removeRecordShare.mockResolvedValue({ code: 200 });
    renderCrm(<SharingPanel module="leads" id={7} />);
    fireEvent.click(await screen.findByTestId('sharing-remove-11'));
    fireEvent.click(await screen.findByRole('button', { name: /OK|Confirm|Yes/ }));
    await waitFor(() => expect(api.removeRecordShare).toHaveBeenCalledWith('leads', 7, 11));
    await waitFor(() => expect(screen.queryByTestId('sharing-row-11')).toBeNull());
  });

  it('names a sharing rule’s share after the rule, with no revoke button, and lists team and rule among the reasons', async () => {
    const byRule = { id: 13, recipientKind: 'role' as const, recipientId: 4, recipientName: 'Sales Rep', canWrite: false, sharedBy: 1, sharedByName: 'Admin', createdAt: '2026-11-28T09:00:00.000Z', ruleId: 3, ruleName: 'Big deals to reps' };
    api.getRecordSharing.mockResolvedValue({ data: sharing({ mine: { canRead: true, canEdit: true, canShare: true, reasons: ['team', 'rule'] }, shares: [...sharing().shares, byRule] }) });
    renderCrm(<SharingPanel module="account" id={7} />);
    await screen.findByTestId('sharing-row-13');
    expect(screen.getByTestId('sharing-mine').textContent).toContain('team, sharing rule');
    expect(screen.getByTestId('sharing-rule-13').textContent).toBe('rule: Big deals to reps');
    expect(screen.queryByTestId('sharing-remove-13')).toBeNull();
    expect(screen.getByTestId('sharing-remove-11')).toBeTruthy();
  });

  it('an error state offers a retry', async () => {
    api.getRecordSharing.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ data: sharing() });
    renderCrm(<SharingPanel module="leads" id={7} />);
    fireEvent.click(await screen.findByTestId('retry'));
    await screen.findByTestId('sharing-row-11');
  });

  it('speaks Chinese', async () => {
    await loadAllTexts();
    await changeLanguage('zh');
    api.getRecordSharing.mockResolvedValue({ data: sharing() });
    renderCrm(<SharingPanel module="leads" id={7} />);
    await screen.findByTestId('sharing-list');
    expect(screen.getByTestId('sharing-owner').textContent).toBe('负责人：Noah King');
    expect(screen.getByTestId('sharing-row-12').textContent).toContain('部门及下级');
    await changeLanguage('en');
  });
});
