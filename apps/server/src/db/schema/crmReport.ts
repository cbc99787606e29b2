import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckedReportDefinition } from '@orbit/shared/crm/report';
import type { DashboardWidget } from '@orbit/shared/contract/dashboard';
import { ts } from './columns';

/**
 * Saved reports (docs/reports.md): a definition (JSON, checked against the metadata at save and
 * at run time), private or shared with roles and departments. Built-in templates have no owner
 * and a key, are reconciled at start-up, and are never changed ('fixed template cannot be modified').
 */
export const crmReport = pgTable(
  'crm_report',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Chinese name of a built-in template; a user's report has one name in any language. */
    nameZh: text('name_zh'),
    description: text('description').notNull().default(''),
    /** Chinese description of a built-in template. */
    descriptionZh: text('description_zh'),
    module: text('module').notNull(),
    /** Built-in templates have no owner. */
    ownerId: bigint('owner_id', { mode: 'number' }),
    isTemplate: boolean('is_template').notNull().default(false),
    /** Stable key of a built-in (fixed) template. */
    builtInKey: text('built_in_key'),
    shared: boolean('shared').notNull().default(false),
    shareRoles: bigint('share_roles', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    shareDepts: bigint('share_depts', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    definition: jsonb('definition').$type<CheckedReportDefinition>().notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [
    index('crm_report_owner_idx').on(t.ownerId),
    uniqueIndex('crm_report_builtin_uq').on(t.builtInKey).where(sql`${t.builtInKey} is not null`),
    // 'repeated report name error': names are unique per owner, whatever their case.
    uniqueIndex('crm_report_name_uq').on(t.ownerId, sql`lower(${t.name})`).where(sql`${t.ownerId} is not null`),
  ],
);

/** Dashboards: a grid of widgets, each a saved report shown as a chart, a figure or a short table. */
export const crmDashboard = pgTable(
  'crm_dashboard',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    nameZh: text('name_zh'),
    ownerId: bigint('owner_id', { mode: 'number' }),
    builtInKey: text('built_in_key'),
    shared: boolean('shared').notNull().default(false),
    widgets: jsonb('widgets').$type<DashboardWidget[]>().notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [
    uniqueIndex('crm_dashboard_builtin_uq').on(t.builtInKey).where(sql`${t.builtInKey} is not null`),
    uniqueIndex('crm_dashboard_name_uq').on(t.ownerId, sql`lower(${t.name})`).where(sql`${t.ownerId} is not null`),
  ],
);
