import type { FieldValue } from './fieldValue';
import type { FilterNode } from './filterTree';
import type { CrmModule } from './modules';

/**
 * Approval processes (issue 34, docs/records-engine.md "Approval processes"): the shapes shared by
 * the server and the web, without zod (the web's record page loads them).
 */

/** Who approves a step: the owner's manager (the leader of the owner's department), one user, or every holder of a role. */
export const APPROVER_KINDS = ['manager', 'user', 'role'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];
export type ApprovalStep = { kind: ApproverKind; id?: number | null };

/** A final action: a field set to a value (checked like any update of the record). */
export type ApprovalFieldSet = { field: string; value: FieldValue };

export const APPROVAL_STEPS_MAX = 5;
export const APPROVAL_ACTIONS_MAX = 10;
export const APPROVAL_COMMENT_MAX = 500;
export const APPROVAL_NAME_MAX = 80;

export type ApprovalProcess = {
  id: number;
  module: CrmModule;
  name: string;
  active: boolean;
  /** Which records it applies to, in the list filters' grammar; null: every record. */
  entryFilter: FilterNode | null;
  /** Optional: it guards a write that moves this picklist into `whenValue` (stage → Closed Won). */
  whenField: string | null;
  whenValue: string | null;
  steps: ApprovalStep[];
  onApprove: ApprovalFieldSet[];
  onReject: ApprovalFieldSet[];
  /** Tell the approvers (when a step starts) and the submitter (when it ends) in the bell. */
  notify: boolean;
};

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'recalled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What the trail on the record's timeline records. */
export const APPROVAL_EVENTS = ['submitted', 'approved', 'rejected', 'recalled'] as const;
export type ApprovalEvent = (typeof APPROVAL_EVENTS)[number];

export type ApprovalRequest = {
  id: number;
  processId: number;
  processName: string;
  module: CrmModule;
  recordId: number;
  recordName: string | null;
  status: ApprovalStatus;
  /** The current step (0-based) and how many there are. */
  step: number;
  stepCount: number;
  approverIds: number[];
  approverNames: string[];
  submittedBy: number;
  submittedByName: string | null;
  submittedAt: string;
  decidedAt: string | null;
  comment: string | null;
};

/** A record's approval state as its page shows it. */
export type RecordApproval = {
  pending: ApprovalRequest | null;
  /** The caller is an approver of the current step. */
  canDecide: boolean;
  /** The caller submitted it (and may recall it). */
  canRecall: boolean;
  /** Active processes whose entry conditions the record meets (what "Submit for approval" offers). */
  processes: Array<{ id: number; name: string }>;
};

/** `GET /crm/approval?box=`: awaiting the caller's decision, or submitted by the caller. */
export const APPROVAL_BOXES = ['mine', 'submitted'] as const;
export type ApprovalBox = (typeof APPROVAL_BOXES)[number];
