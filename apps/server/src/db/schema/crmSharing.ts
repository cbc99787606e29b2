import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { ts } from './columns';

/**
 * A module's default access beyond the role's data scope (Set-up › Sharing; docs/architecture.md,
 * "Sharing"): `private` (the role's scope only), `read` (everyone may read every record) or
 * `readwrite`. A module without a row is private. Read with the signed-in user on every request
 * (auth/currentUser.ts), so a change applies to the next request.
 */
export const crmModuleSharing = pgTable('crm_module_sharing', {
  module: text('module').primaryKey(),
  access: text('access').notNull().default('private'),
  updateBy: text('update_by'),
  updateTime: ts('update_time'),
});

/**
 * A record shared by hand with a user, a role or a department and those below it, to read or to
 * read and write. Pointed at by module and id without a foreign key (the record lives in its
 * module's table). The recipient index serves the access predicate (engine/query/recordAccess.ts):
 * "the ids of this module shared with me" is one index range per recipient kind.
 */
export const crmRecordShare = pgTable(
  'crm_record_share',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** user | role | dept (the department and every one below it). */
    recipientKind: text('recipient_kind').notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    canWrite: boolean('can_write').notNull().default(false),
    sharedBy: bigint('shared_by', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The sharing rule the row was materialised from (crm_sharing_rule), null for a share by hand.
     * A rule's shares are rows like any other, so the access predicate stays one index range.
     */
    ruleId: bigint('rule_id', { mode: 'number' }),
  },
  (t) => [
    // One share by hand per record and recipient; a rule's rows are unique per rule and record.
    uniqueIndex('crm_record_share_record_uq').on(t.module, t.recordId, t.recipientKind, t.recipientId).where(sql`rule_id is null`),
    uniqueIndex('crm_record_share_rule_uq').on(t.ruleId, t.recordId).where(sql`rule_id is not null`),
    index('crm_record_share_recipient_idx').on(t.module, t.recipientKind, t.recipientId, t.recordId, t.canWrite),
  ],
);

/**
 * A record's team (accounts and opportunities): users with a team role and an access level. An
 * account's team reaches its opportunities and contacts (engine/query/recordAccess.ts `teamOf`).
 * The member index serves the predicate: "the records of this module whose team I am on" is one
 * index range on (user, module).
 */
export const crmRecordTeamMember = pgTable(
  'crm_record_team_member',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** A value of TEAM_ROLES (packages/shared/src/contract/sharing.ts). */
    teamRole: text('team_role').notNull(),
    canWrite: boolean('can_write').notNull().default(false),
    addedBy: bigint('added_by', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_record_team_member_uq').on(t.module, t.recordId, t.userId),
    index('crm_record_team_member_user_idx').on(t.userId, t.module, t.recordId, t.canWrite),
  ],
);

/**
 * A criteria-based sharing rule (Set-up › Sharing): the records of `module` matching `filter` (the
 * list filters' grammar) are shared with a role or a department and below. Materialised into
 * crm_record_share rows tagged with the rule by a background job when the rule changes
 * (`state`, `done`, `total` are its progress), and kept current by every record write in its
 * own transaction (sharing/sharingRules.ts).
 */
export const crmSharingRule = pgTable(
  'crm_sharing_rule',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    module: text('module').notNull(),
    filter: jsonb('filter').$type<FilterNode>().notNull(),
    recipientKind: text('recipient_kind').notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    canWrite: boolean('can_write').notNull().default(false),
    /** queued, running, done, failed: the last recalculation. */
    state: text('state').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    createBy: bigint('create_by', { mode: 'number' }).notNull(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('crm_sharing_rule_module_idx').on(t.module)],
);
