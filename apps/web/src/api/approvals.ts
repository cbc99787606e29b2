import type { ApprovalProcessBody } from '@orbit/shared/contract/approvals';
import type { ApprovalBox, ApprovalProcess, ApprovalRequest, RecordApproval } from '@orbit/shared/crm/approvals';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { request } from './request';

/** Approval processes (docs/records-engine.md, "Approval processes"): Set-up, a record's approval, My approvals. */
type Data<T> = { code: number; msg: string; data: T };

export const listApprovalProcesses = (module: CrmModule) => request<Data<ApprovalProcess[]>>({ url: `/setup/${module}/approvalProcesses` });
export const createApprovalProcess = (module: CrmModule, body: ApprovalProcessBody) =>
  request<Data<ApprovalProcess>>({ url: `/setup/${module}/approvalProcesses`, method: 'POST', data: body });
export const updateApprovalProcess = (module: CrmModule, id: number, body: ApprovalProcessBody) =>
  request<Data<ApprovalProcess>>({ url: `/setup/${module}/approvalProcesses/${id}`, method: 'PUT', data: body });
export const removeApprovalProcess = (module: CrmModule, id: number) => request({ url: `/setup/${module}/approvalProcesses/${id}`, method: 'DELETE' });

export const getRecordApproval = (module: CrmModule, id: number) => request<Data<RecordApproval>>({ url: `/crm/${module}/${id}/approval` });
export const submitForApproval = (module: CrmModule, id: number, processId?: number) =>
  request<Data<{ requestId: number }>>({ url: `/crm/${module}/${id}/approval`, method: 'POST', data: processId === undefined ? {} : { processId } });
export const decideApproval = (requestId: number, decision: 'approve' | 'reject' | 'recall', comment: string) =>
  request({ url: `/crm/approval/${requestId}/${decision}`, method: 'POST', data: { comment } });
export const listMyApprovals = (box: ApprovalBox) => request<Data<ApprovalRequest[]>>({ url: '/crm/approval', params: { box } });
