import type { AssignmentModule, AssignmentRule, AssignmentRuleBody, Webhook, WebhookBody, WebhookCreated, WebhookDelivery, WorkflowRule, WorkflowRuleBody, WorkflowRun } from '@orbit/shared/contract/automation';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { request } from './request';

/** Workflow rules, their run log and webhooks (issue 34). */
type Data<T> = { code: number; msg: string; data: T };
type Page<T> = { code: number; msg: string; total: number; rows: T[] };

export const listWorkflowRules = (module: CrmModule) => request<Data<WorkflowRule[]>>({ url: `/setup/${module}/workflowRules` });
export const createWorkflowRule = (module: CrmModule, body: WorkflowRuleBody) => request<Data<number>>({ url: `/setup/${module}/workflowRules`, method: 'POST', data: body });
export const updateWorkflowRule = (module: CrmModule, id: number, body: WorkflowRuleBody) => request({ url: `/setup/${module}/workflowRules/${id}`, method: 'PUT', data: body });
export const deleteWorkflowRule = (module: CrmModule, id: number) => request({ url: `/setup/${module}/workflowRules/${id}`, method: 'DELETE' });
export const listWorkflowRuns = (params: { module?: CrmModule; ruleId?: number; recordId?: number; pageNum: number; pageSize: number }) =>
  request<Page<WorkflowRun>>({ url: '/setup/automation/runs', params });

export const listWebhooks = () => request<Data<Webhook[]>>({ url: '/system/webhook' });
export const createWebhook = (body: WebhookBody) => request<Data<WebhookCreated>>({ url: '/system/webhook', method: 'POST', data: body });
export const updateWebhook = (id: number, body: WebhookBody) => request({ url: '/system/webhook', method: 'PUT', data: { ...body, id } });
export const deleteWebhook = (id: number) => request({ url: `/system/webhook/${id}`, method: 'DELETE' });
export const listDeliveries = (id: number, params: { pageNum: number; pageSize: number }) => request<Page<WebhookDelivery>>({ url: `/system/webhook/${id}/deliveries`, params });
export const resendDelivery = (id: number, deliveryId: number) => request<Data<number>>({ url: `/system/webhook/${id}/deliveries/${deliveryId}/resend`, method: 'POST' });

/** Lead assignment rules (Set-up › Leads › Assignment). */
export const listAssignmentRules = (module: AssignmentModule) => request<Data<AssignmentRule[]>>({ url: `/setup/${module}/assignmentRules` });
export const assignmentTargets = (module: AssignmentModule) =>
  request<Data<{ depts: Array<{ id: number; label: string }>; roles: Array<{ id: number; label: string }> }>>({ url: `/setup/${module}/assignmentRules/targets` });
export const createAssignmentRule = (module: AssignmentModule, body: AssignmentRuleBody) => request<Data<number>>({ url: `/setup/${module}/assignmentRules`, method: 'POST', data: body });
export const updateAssignmentRule = (module: AssignmentModule, id: number, body: AssignmentRuleBody) => request({ url: `/setup/${module}/assignmentRules/${id}`, method: 'PUT', data: body });
export const deleteAssignmentRule = (module: AssignmentModule, id: number) => request({ url: `/setup/${module}/assignmentRules/${id}`, method: 'DELETE' });
export const reorderAssignmentRules = (module: AssignmentModule, ids: number[]) => request({ url: `/setup/${module}/assignmentRules/order`, method: 'PUT', data: { ids } });
