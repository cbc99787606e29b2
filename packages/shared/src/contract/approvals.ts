import { z } from 'zod';
import { APPROVAL_ACTIONS_MAX, APPROVAL_BOXES, APPROVAL_COMMENT_MAX, APPROVAL_NAME_MAX, APPROVAL_STEPS_MAX, APPROVER_KINDS } from '../crm/approvals';
import { boundedFilter, fieldName } from '../crm/filter';
import { stringValue } from '../validation';

const fieldValue = z.union([stringValue().max(1000), z.number(), z.boolean(), z.null(), z.array(stringValue().max(200)).max(50)]);
const fieldSet = z.strictObject({ field: fieldName, value: fieldValue });

const step = z
  .strictObject({ kind: z.enum(APPROVER_KINDS), id: z.number().int().positive().nullish() })
  .refine((s) => s.kind === 'manager' || typeof s.id === 'number', { error: 'approval.approverRequired' });

/** An approval process as Set-up › {module} › Approval processes saves it. */
export const approvalProcessBody = z.strictObject({
  name: stringValue().trim().min(1, { error: 'approval.nameRequired' }).max(APPROVAL_NAME_MAX),
  active: z.boolean().default(true),
  entryFilter: boundedFilter.nullable().default(null),
  whenField: fieldName.nullable().default(null),
  whenValue: stringValue().max(200).nullable().default(null),
  steps: z.array(step).min(1, { error: 'approval.stepsRequired' }).max(APPROVAL_STEPS_MAX),
  onApprove: z.array(fieldSet).max(APPROVAL_ACTIONS_MAX).default([]),
  onReject: z.array(fieldSet).max(APPROVAL_ACTIONS_MAX).default([]),
  notify: z.boolean().default(true),
});
export type ApprovalProcessBody = z.infer<typeof approvalProcessBody>;

export const approvalSubmitBody = z.strictObject({ processId: z.number().int().positive().optional() });
export const approvalDecisionBody = z.strictObject({ comment: stringValue().trim().max(APPROVAL_COMMENT_MAX).default('') });
export const approvalBoxQuery = z.object({ box: z.enum(APPROVAL_BOXES).default('mine') });
