import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalProcess } from '@orbit/shared/crm/approvals';
import { changeLanguage, loadAllTexts } from '../../../i18n/i18n';
import { dictApi, metaOf, prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import SetupApprovalsPage from './index';

const api = vi.hoisted(() => ({ listApprovalProcesses: vi.fn(), removeApprovalProcess: vi.fn(), createApprovalProcess: vi.fn(), updateApprovalProcess: vi.fn(), listMyApprovals: vi.fn() }));
const crmApi = vi.hoisted(() => ({ getModuleMeta: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../api/approvals', () => api);
vi.mock('../../../api/crm', () => crmApi);
vi.mock('../../../api/system/dict', () => dictApi);

const process: ApprovalProcess = {
  id: 7,
  module: 'opportunity',
  name: 'Large deal approval',
  active: true,
  entryFilter: { field: 'amount', op: 'gt', value: 100000 },
  whenField: 'stage',
  whenValue: 'proposal',
  steps: [{ kind: 'manager' }, { kind: 'role', id: 2 }],
  onApprove: [{ field: 'stage', value: 'proposal' }],
  onReject: [],
  notify: true,
} as ApprovalProcess;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.getModuleMeta.mockImplementation(metaOf);
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('Set-up › Approval processes', () => {
  it('lists a process with the guarded change in labels, not internal names, and its steps', async () => {
    api.listApprovalProcesses.mockResolvedValue({ data: [process] });
    renderCrm(<SetupApprovalsPage />);
    expect(screen.getByTestId('approvals-loading')).toBeTruthy();
    const row = (await screen.findByText('Large deal approval')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Stage → Proposal')).toBeTruthy());
    expect(row.textContent).not.toContain('proposal');
    expect(row.textContent).toContain("The owner's manager");
  });

  it('an empty module says so; an error offers a retry', async () => {
    api.listApprovalProcesses.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ data: [] });
    renderCrm(<SetupApprovalsPage />);
    fireEvent.click(await screen.findByTestId('retry'));
    await screen.findByText('No approval processes for this module');
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    api.listApprovalProcesses.mockResolvedValue({ data: [process] });
    renderCrm(<SetupApprovalsPage />);
    await screen.findByText('审批流程', { selector: 'h4' });
    const row = (await screen.findByText('Large deal approval')).closest('tr')!;
    await waitFor(() => expect(row.textContent).toContain('负责人的上级'));
  });
});
