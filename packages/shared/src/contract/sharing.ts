import { z } from 'zod';
import { CRM_MODULES } from '../crm/modules';
import { filterNode, type FilterNode } from '../crm/filter';
import { requiredText } from '../validation';

/** A module's default access beyond the role's data scope (Set-up › Sharing). */
export const MODULE_ACCESS = ['private', 'read', 'readwrite'] as const;
export type ModuleAccess = (typeof MODULE_ACCESS)[number];
export const moduleSharingBody = z.object({ module: z.enum(CRM_MODULES), access: z.enum(MODULE_ACCESS) });
export type ModuleSharingRow = { module: (typeof CRM_MODULES)[number]; access: ModuleAccess };

/** Who a record is shared with by hand: a user, a role, or a department and those below it. */
export const SHARE_RECIPIENTS = ['user', 'role', 'dept'] as const;
export type ShareRecipient = (typeof SHARE_RECIPIENTS)[number];
export const recordShareBody = z.object({
  recipientKind: z.enum(SHARE_RECIPIENTS),
  recipientId: z.coerce.number().int().positive(),
  canWrite: z.boolean().default(false),
});

/** Why the caller, or someone, may open a record: the reasons of the Sharing panel. */
export const ACCESS_REASONS = ['owner', 'roleScope', 'moduleDefault', 'manualShare', 'team', 'rule'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

export type RecordShare = {
  id: number;
  recipientKind: ShareRecipient;
  recipientId: number;
  recipientName: string;
  canWrite: boolean;
  sharedBy: number;
  sharedByName: string;
  createdAt: string;
  /** The sharing rule this share was materialised from (null: shared by hand; it cannot be revoked here). */
  ruleId: number | null;
  ruleName: string | null;
};

/** The Sharing panel: the caller's own access and why, the module default, the owner, the shares. */
export type RecordSharing = {
  ownerId: number | null;
  ownerName: string;
  moduleAccess: ModuleAccess;
  mine: { canRead: boolean; canEdit: boolean; canShare: boolean; reasons: AccessReason[] };
  shares: RecordShare[];
};

/** The modules with teams: an account team reaches the account's opportunities and contacts too. */
export const TEAM_MODULES = ['account', 'opportunity'] as const;
export type TeamModule = (typeof TEAM_MODULES)[number];
export const isTeamModule = (module: string): module is TeamModule => (TEAM_MODULES as readonly string[]).includes(module);

/** A team member's role on the record (a picklist; labels are i18n keys `team.role.<value>`). */
export const TEAM_ROLES = ['accountManager', 'salesEngineer', 'executiveSponsor', 'supportEngineer', 'other'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const teamMemberBody = z.object({
  userId: z.coerce.number().int().positive(),
  teamRole: z.enum(TEAM_ROLES),
  canWrite: z.boolean().default(false),
});

export type TeamMember = {
  id: number;
  userId: number;
  userName: string;
  teamRole: TeamRole;
  canWrite: boolean;
  addedByName: string;
  createdAt: string;
};

/** A record's team, with whether the caller may change it (edit access and the share permission). */
export type RecordTeam = { canManage: boolean; members: TeamMember[] };

/** Who a sharing rule shares with: a role, or a department and those below it. */
export const RULE_RECIPIENTS = ['role', 'dept'] as const;
export type RuleRecipient = (typeof RULE_RECIPIENTS)[number];

export const sharingRuleBody = z.object({
  name: requiredText(100),
  module: z.enum(CRM_MODULES),
  filter: filterNode,
  recipientKind: z.enum(RULE_RECIPIENTS),
  recipientId: z.coerce.number().int().positive(),
  canWrite: z.boolean().default(false),
});
export type SharingRuleBody = z.infer<typeof sharingRuleBody>;

/** A rule's recalculation: queued or running with its progress, or done (how many records match). */
export const RULE_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type RuleState = (typeof RULE_STATES)[number];

export type SharingRule = {
  id: number;
  name: string;
  module: (typeof CRM_MODULES)[number];
  filter: FilterNode;
  recipientKind: RuleRecipient;
  recipientId: number;
  recipientName: string;
  canWrite: boolean;
  state: RuleState;
  done: number;
  total: number | null;
  matched: number;
  updateTime: string;
};
