import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest, RecordApproval } from '@orbit/shared/crm/approvals';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { ApprovalActions, ApprovalBanner } from './ApprovalActions';

const api = vi.hoisted(() => ({
  getRecordApproval: vi.fn(),
  submitForApproval: vi.fn(),
  decideApproval: vi.fn(),
  listMyApprovals: vi.fn(),
  listApprovalProcesses: vi.fn(),
  createApprovalProcess: vi.fn(),
  updateApprovalProcess: vi.fn(),
  removeApprovalProcess: vi.fn(),
}));
vi.mock('../../../../api/approvals', () => api);

const pending: ApprovalRequest = {
  id: 41,
  processId: 3,
  processName: 'Large deal approval',
  module: 'opportunity',
  recordId: 7,
  recordName: 'Big deal',
  status: 'pending',
  step: 0,
  stepCount: 2,
  approverIds: [3],
  approverNames: ['Emma Stone'],
  submittedBy: 5,
  submittedByName: 'Olivia Park',
  submittedAt: '2026-11-28T09:00:00.000Z',
  decidedAt: null,
  comment: null,
};
const state = (values: Partial<RecordApproval> = {}): RecordApproval => ({ pending: null, canDecide: false, canRecall: false, processes: [], ...values });

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe("a record's approval actions", () => {
  it('offers submission when a process applies and the caller may edit, and submits to the chosen process', async () => {
    api.getRecordApproval.mockResolvedValue({ data: state({ processes: [{ id: 3, name: 'Large deal approval' }] }) });
    api.submitForApproval.mockResolvedValue({ code: 200, data: { requestId: 41 } });
    const changed = vi.fn();
    renderCrm(<ApprovalActions module="opportunity" id={7} canSubmit onChanged={changed} />);
    fireEvent.click(await screen.findByTestId('approval-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /OK/ }));
    await waitFor(() => expect(api.submitForApproval).toHaveBeenCalledWith('opportunity', 7, 3));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(screen.queryByTestId('approval-approve')).toBeNull();
  });

  it('offers nothing to submit without an applicable process or without edit rights', async () => {
    api.getRecordApproval.mockResolvedValue({ data: state({ processes: [{ id: 3, name: 'Large deal approval' }] }) });
    renderCrm(<ApprovalActions module="opportunity" id={7} canSubmit={false} onChanged={vi.fn()} />);
    await waitFor(() => expect(api.getRecordApproval).toHaveBeenCalled());
    expect(screen.queryByTestId('approval-submit')).toBeNull();
  });

  it('an approver approves with a comment', async () => {
    api.getRecordApproval.mockResolvedValue({ data: state({ pending, canDecide: true }) });
    api.decideApproval.mockResolvedValue({ code: 200 });
    renderCrm(<ApprovalActions module="opportunity" id={7} canSubmit onChanged={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('approval-approve'));
    fireEvent.change(await screen.findByTestId('approval-comment'), { target: { value: 'Good margin' } });
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(api.decideApproval).toHaveBeenCalledWith(41, 'approve', 'Good margin'));
    expect(screen.queryByTestId('approval-submit')).toBeNull();
    expect(screen.queryByTestId('approval-recall')).toBeNull();
  });

  it('a rejection needs a reason: nothing is sent without one', async () => {
    api.getRecordApproval.mockResolvedValue({ data: state({ pending, canDecide: true }) });
    api.decideApproval.mockResolvedValue({ code: 200 });
    renderCrm(<ApprovalActions module="opportunity" id={7} canSubmit onChanged={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('approval-reject'));
    fireEvent.click(await screen.findByRole('button', { name: /OK/ }));
    expect(await screen.findByText('Please give a reason for the rejection')).toBeTruthy();
    expect(api.decideApproval).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('approval-comment'), { target: { value: 'Too cheap' } });
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(api.decideApproval).toHaveBeenCalledWith(41, 'reject', 'Too cheap'));
  });

  it('the submitter recalls; the banner says what it waits for', async () => {
    api.getRecordApproval.mockResolvedValue({ data: state({ pending, canRecall: true }) });
    api.decideApproval.mockResolvedValue({ code: 200 });
    renderCrm(
      <>
        <ApprovalBanner module="opportunity" id={7} />
        <ApprovalActions module="opportunity" id={7} canSubmit onChanged={vi.fn()} />
      </>,
    );
    const banner = await screen.findByTestId('approval-banner');
    expect(banner.textContent).toContain('Awaiting approval: Large deal approval');
    expect(banner.textContent).toContain('Step 1 of 2 · approvers: Emma Stone · submitted by Olivia Park');
    expect(screen.queryByTestId('approval-approve')).toBeNull();
    fireEvent.click(await screen.findByTestId('approval-recall'));
    fireEvent.click(await screen.findByRole('button', { name: /OK/ }));
    await waitFor(() => expect(api.decideApproval).toHaveBeenCalledWith(41, 'recall', ''));
  });

  it('speaks Chinese', async () => {
    await loadAllTexts();
    await changeLanguage('zh');
    api.getRecordApproval.mockResolvedValue({ data: state({ pending, canDecide: true }) });
    renderCrm(
      <>
        <ApprovalBanner module="opportunity" id={7} />
        <ApprovalActions module="opportunity" id={7} canSubmit onChanged={vi.fn()} />
      </>,
    );
    expect((await screen.findByTestId('approval-banner')).textContent).toContain('审批中：Large deal approval');
    expect((await screen.findByTestId('approval-approve')).textContent).toContain('通过');
    expect(screen.getByTestId('approval-reject').textContent).toContain('驳回');
    await changeLanguage('en');
  });
});
