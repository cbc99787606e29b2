import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LayoutSection } from '@orbit/shared/contract/crm';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { RollupDef } from '@orbit/shared/crm/rollup';
import { ts } from './columns';

/**
 * Metadata of the records engine (docs/records-engine.md): fields, record types, layouts and saved
 * list views of the five business modules, the metadata version, field history and campaign
 * members. The module tables themselves are in crmRecords.ts.
 */
export const crmField = pgTable(
  'crm_field',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    /** API name (camelCase), immutable and never reused within the module. */
    name: text('name').notNull(),
    /** Column in the module's table, generated and never reused. */
    columnName: text('column_name').notNull(),
    type: text('type').notNull(),
    labelEn: text('label_en').notNull(),
    labelZh: text('label_zh').notNull(),
    helpEn: text('help_en').notNull().default(''),
    helpZh: text('help_zh').notNull().default(''),
    required: boolean('required').notNull().default(false),
    requiredMessage: text('required_message'),
    isUnique: boolean('is_unique').notNull().default(false),
    readOnly: boolean('read_only').notNull().default(false),
    isSystem: boolean('is_system').notNull().default(false),
    isStandard: boolean('is_standard').notNull().default(true),
    maxLength: integer('max_length'),
    decimals: integer('decimals'),
    dictType: text('dict_type'),
    lookupModule: text('lookup_module'),
    relatedModules: text('related_modules').array(),
    sortable: boolean('sortable').notNull().default(true),
    filterable: boolean('filterable').notNull().default(true),
    searchable: boolean('searchable').notNull().default(false),
    defaultValue: jsonb('default_value').$type<FieldValue>(),
    /** A formula field's expression (shared crm/formula.ts); its `type` is the result's type and it is read-only. */
    formula: text('formula'),
    /** A roll-up summary field's definition (engine/rollup): what it counts or sums of which related list. */
    rollup: jsonb('rollup').$type<RollupDef>(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [uniqueIndex('crm_field_name_uq').on(t.module, t.name), uniqueIndex('crm_field_column_uq').on(t.module, t.columnName)],
);

export const crmRecordType = pgTable(
  'crm_record_type',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    labelEn: text('label_en').notNull(),
    labelZh: text('label_zh').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    layoutId: bigint('layout_id', { mode: 'number' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [uniqueIndex('crm_record_type_name_uq').on(t.module, t.name)],
);

export const crmLayout = pgTable(
  'crm_layout',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    /** The built-in layout kept as a template: copied, never changed ('fixed template cannot be modified'). */
    isTemplate: boolean('is_template').notNull().default(false),
    sections: jsonb('sections').$type<Array<Omit<LayoutSection, 'title'>>>().notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [uniqueIndex('crm_layout_name_uq').on(t.module, t.name)],
);

export const crmListView = pgTable(
  'crm_list_view',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    /** Chinese name of a built-in view; a user's view has one name in any language. */
    nameZh: text('name_zh'),
    /** Built-in views have no owner. */
    ownerId: bigint('owner_id', { mode: 'number' }),
    shared: boolean('shared').notNull().default(false),
    builtIn: boolean('built_in').notNull().default(false),
    /** Stable key of a built-in view, to reconcile it at start-up. */
    builtInKey: text('built_in_key'),
    columns: text('columns').array().notNull(),
    sortField: text('sort_field'),
    sortOrder: text('sort_order').notNull().default('desc'),
    filter: jsonb('filter').$type<FilterNode>(),
    ownerScope: text('owner_scope').notNull().default('all'),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [
    index('crm_list_view_module_idx').on(t.module, t.ownerId),
    uniqueIndex('crm_list_view_builtin_uq').on(t.module, t.builtInKey).where(sql`${t.builtInKey} is not null`),
    uniqueIndex('crm_list_view_name_uq').on(t.module, t.ownerId, sql`lower(${t.name})`).where(sql`${t.ownerId} is not null`),
  ],
);

/** One row: bumped in the transaction of every metadata change; processes compare it per request. */
export const crmMetaVersion = pgTable('crm_meta_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Field history: written in the same transaction as the change it records. */
export const crmRecordHistory = pgTable(
  'crm_record_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** create, update, delete, restore, convert, transfer. */
    action: text('action').notNull(),
    field: text('field'),
    oldValue: jsonb('old_value').$type<FieldValue>(),
    newValue: jsonb('new_value').$type<FieldValue>(),
    userId: bigint('user_id', { mode: 'number' }),
    userName: text('user_name').notNull().default(''),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('crm_record_history_record_idx').on(t.module, t.recordId, t.id)],
);

/**
 * Leads and contacts taking part in a campaign, each with its member status (dictionary
 * crm_campaign_member_status). A member is exactly one person: a lead (`lead_id`) or a contact
 * (`contact_id`), never both (docs/decisions.md, "Campaign members are leads or contacts").
 */
export const crmCampaignMember = pgTable(
  'crm_campaign_member',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    leadId: bigint('lead_id', { mode: 'number' }),
    contactId: bigint('contact_id', { mode: 'number' }),
    status: text('status').notNull().default('sent'),
    createBy: bigint('create_by', { mode: 'number' }),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [
    check('crm_campaign_member_one_person', sql`(${t.leadId} is null) <> (${t.contactId} is null)`),
    // A person is a member once per campaign (nulls are distinct: a contact's row never clashes on lead_id).
    uniqueIndex('crm_campaign_member_uq').on(t.campaignId, t.leadId),
    uniqueIndex('crm_campaign_member_contact_uq').on(t.campaignId, t.contactId),
    index('crm_campaign_member_lead_idx').on(t.leadId).where(sql`${t.leadId} is not null`),
    index('crm_campaign_member_contact_idx').on(t.contactId).where(sql`${t.contactId} is not null`),
    // A campaign's figures read its members (person and status) from these indexes alone, one per kind of person.
    index('crm_campaign_member_figures_idx').on(t.campaignId, t.leadId, t.status).where(sql`${t.leadId} is not null`),
    index('crm_campaign_member_contact_figures_idx').on(t.campaignId, t.contactId, t.status).where(sql`${t.contactId} is not null`),
  ],
);
