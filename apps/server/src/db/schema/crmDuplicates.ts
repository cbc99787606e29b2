import { bigint, boolean, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DuplicateCondition } from '@orbit/shared/contract/duplicates';
import { ts } from './columns';

/**
 * Duplicate rules (docs/records-engine.md, "Duplicates and merge"): rows keyed by module, edited in
 * Set-up. A module's built-in rules (`builtInKey`, from its seed) are added at start when missing
 * and can be changed or switched off, never deleted (so they do not come back).
 */
export const crmDuplicateRule = pgTable(
  'crm_duplicate_rule',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    /** Chinese name of a built-in rule; an administrator's rule has one name in any language. */
    nameZh: text('name_zh'),
    /** Every condition must hold for a record to match (field + kind of match). */
    conditions: jsonb('conditions').$type<DuplicateCondition[]>().notNull(),
    /** warn | block. */
    action: text('action').notNull().default('warn'),
    /** Least trigram similarity of the rule's fuzzy conditions. */
    threshold: real('threshold').notNull().default(0.5),
    active: boolean('active').notNull().default(true),
    builtInKey: text('built_in_key'),
    sortOrder: integer('sort_order').notNull().default(0),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [uniqueIndex('crm_duplicate_rule_builtin_uq').on(t.module, t.builtInKey).where(sql`${t.builtInKey} is not null`)],
);
