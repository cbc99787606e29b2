import { sql, type SQL } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { columnOf } from '../../modules/crm/engine/fieldSeed';
import type { ModuleSeed } from '../../modules/crm/engine/moduleSeed';
import { accountSeed } from '../../modules/crm/account/account.seed';
import { activitySeed } from '../../modules/crm/activity/activity.seed';
import { campaignSeed } from '../../modules/crm/campaign/campaign.seed';
import { contactSeed } from '../../modules/crm/contact/contact.seed';
import { leadsSeed } from '../../modules/crm/leads/leads.seed';
import { opportunitySeed } from '../../modules/crm/opportunity/opportunity.seed';
import { taskSeed } from '../../modules/crm/task/task.seed';
import { FIELD_TYPE_REGISTRY } from '../../modules/crm/engine/fieldTypes/registry';
import { ts } from './columns';

/**
 * The five business tables, built from the modules' seeds (modules/crm/<module>/<module>.seed.ts)
 * so that a standard field is declared once: its column and indexes here, its metadata row at
 * start-up. The engine's own columns come first; `search_text` feeds quick and global search.
 */
const SYSTEM_COLUMNS = new Set(['record_type_id', 'owner_id', 'dept_id', 'create_by', 'create_time', 'update_by', 'update_time']);

/**
 * What `search_text` is made of: each searchable field, a person's name first as it is written —
 * "olivia park", or "王伟" (family name first, no space, when a part is in Chinese characters, as
 * recordName.ts names records) followed by the given name alone ("王伟 伟"), so that the name as
 * typed and the given name are each found at a word's start (quickSearch.ts: a two-character
 * term is matched there, through the trigram index).
 */
function searchableTexts(seed: ModuleSeed, omit: ReadonlySet<string> = new Set(), alias = ''): SQL[] {
  const text = (name: string) => `coalesce(${alias}${columnOf(seed.fields.find((f) => f.name === name)!)}, '')`;
  const person = seed.nameFields.length === 2 ? (seed.nameFields as [string, string]) : undefined;
  const parts = seed.fields
    .filter((f) => f.searchable && !omit.has(f.name) && !(person && f.name === person[1]))
    .map((f) => {
      if (!person || f.name !== person[0]) return sql.raw(text(f.name));
      const [given, family] = [text(person[0]), text(person[1])];
      return sql.raw(`case when ${given} || ${family} ~ '[\u4e00-\u9fff]' then ${family} || ${given} || ' ' || ${given} else ${given} || ' ' || ${family} end`);
    });
  return parts;
}

/**
 * `search_text` as it would be without the fields of `omit` (the searchable fields a reader's role
 * may not see: field-level security), written the same way, so a match on it is a match on what
 * the reader may see. Computed per row, never indexed: it rechecks what the index found. `alias`: the
 * table's alias in a join (a plain identifier the caller writes, never request text).
 */
export function searchTextWithout(seed: ModuleSeed, omit: ReadonlySet<string>, alias?: string): SQL {
  if (alias !== undefined && !/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an alias: ${alias}`);
  return sql`lower(${sql.join(searchableTexts(seed, omit, alias ? `${alias}.` : ''), sql.raw(` || ' ' || `))})`;
}

function recordTable(seed: ModuleSeed) {
  const typed: Record<string, PgColumnBuilderBase> = {};
  for (const field of seed.fields) {
    const column = columnOf(field);
    if (SYSTEM_COLUMNS.has(column)) continue;
    Object.assign(typed, FIELD_TYPE_REGISTRY[field.type].columns(column, field));
  }
  const searchable = searchableTexts(seed);
  return pgTable(
    seed.table,
    {
      id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
      record_type_id: bigint('record_type_id', { mode: 'number' }),
      owner_id: bigint('owner_id', { mode: 'number' }).notNull(),
      dept_id: bigint('dept_id', { mode: 'number' }),
      create_by: bigint('create_by', { mode: 'number' }),
      create_time: ts('create_time').notNull().defaultNow(),
      update_by: bigint('update_by', { mode: 'number' }),
      update_time: ts('update_time'),
      version: integer('version').notNull().default(1),
      deleted_at: ts('deleted_at'),
      deleted_by: bigint('deleted_by', { mode: 'number' }),
      ...typed,
      search_text: text('search_text').generatedAlwaysAs(sql`lower(${sql.join(searchable, sql.raw(` || ' ' || `))})`),
    },
    (t) => {
      const columns = t as unknown as Record<string, SQL>;
      const col = (name: string) => columns[name]!;
      const present = sql`deleted_at is null`;
      const indexes = seed.fields.flatMap((field) =>
        field.sortable === false && field.filterable === false
          ? []
          : FIELD_TYPE_REGISTRY[field.type].indexes(seed.table, columnOf(field), field, col, present),
      );
      return [
        ...indexes,
        index(`${seed.table}_search_trgm_idx`).using('gin', sql`${col('search_text')} gin_trgm_ops`).where(present),
        // The recycle bin: the caller's deleted records, newest first.
        index(`${seed.table}_deleted_idx`).on(col('owner_id'), col('deleted_at')).where(sql`deleted_at is not null`),
        ...(seed.indexes?.(seed.table, col) ?? []),
        ...(seed.caseInsensitiveKeys ?? []).map((name) => {
          const column = columnOf(seed.fields.find((f) => f.name === name)!);
          return index(`${seed.table}_${column}_lower_idx`).on(sql`lower(${col(column)})`).where(present);
        }),
        // The calendar: one owner's entries in a range of days (modules/crm/calendar/calendarEntries.ts).
        ...(seed.calendar ?? []).map((source) => {
          const start = columnOf(seed.fields.find((f) => f.name === source.start)!);
          return index(`${seed.table}_calendar_${source.key}_idx`).on(col('owner_id'), col(start)).where(sql.raw(`deleted_at is null and ${start} is not null`));
        }),
      ];
    },
  );
}

export const crmLead = recordTable(leadsSeed);
export const crmOpportunity = recordTable(opportunitySeed);
export const crmAccount = recordTable(accountSeed);
export const crmTask = recordTable(taskSeed);
export const crmCampaign = recordTable(campaignSeed);
export const crmContact = recordTable(contactSeed);
export const crmActivity = recordTable(activitySeed);
