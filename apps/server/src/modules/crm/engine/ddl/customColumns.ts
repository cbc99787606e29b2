import { sql } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { FieldType } from '@orbit/shared/crm/fieldTypes';
import type { Executor } from '../../../../db/client';
import { badRequest } from '../../../../lib/errors';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import type { CustomIndexKind } from '../fieldTypes/fieldType';

/**
 * The DDL of custom fields (docs/setup.md): a custom field is a real column of its module's table,
 * added, retyped or dropped in the same transaction as its metadata row, under the module's
 * advisory lock. Identifiers reach SQL only from validated metadata (table names of the module
 * seeds, column names generated here from a checked field name) and are checked once more before
 * they are quoted: a request's text never becomes SQL.
 */

const SAFE_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A quoted identifier of validated metadata; anything else is a programming error, never SQL. */
export function quoteIdent(name: string): string {
  if (!SAFE_IDENTIFIER.test(name)) throw new Error(`unsafe SQL identifier refused: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** The column of a custom field: `cf_` and its name in lower case (names are unique case-insensitively and never reused). */
export const customColumnName = (name: string): string => `cf_${name.toLowerCase()}`;

/** How long a set-up change waits for the module's lock or its table before it gives up (answered 'setup.busy'). */
const LOCK_TIMEOUT = '5s';

/**
 * Serialises set-up changes of one module across every process (a transaction-scoped advisory
 * lock): two administrators creating the same field at once get one field and one refusal.
 */
export async function lockModuleSetup(tx: Executor, module: CrmModule): Promise<void> {
  await tx.execute(sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`);
  try {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orbit.crm.setup.${module}`}))`);
  } catch (error) {
    throw asBusy(error);
  }
}

/** A lock that timed out (another change holds the table) as the user's "try again" message. */
export function asBusy(error: unknown): unknown {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '55P03' ? badRequest('setup.busy') : error;
}

type ColumnField = { id: number; type: FieldType; decimals?: number | null; filterable: boolean };

const indexName = (table: string, field: { id: number }, kind: CustomIndexKind) => `${table}_cf${field.id}_${kind}`;
const KINDS: CustomIndexKind[] = ['btree', 'board', 'trgm', 'gin', 'lower', 'digits'];

const indexSql = (table: string, column: string, field: ColumnField, kind: CustomIndexKind): string => {
  const [t, c, name] = [quoteIdent(table), quoteIdent(column), quoteIdent(indexName(table, field, kind))];
  const present = 'where deleted_at is null';
  // The same shapes as a standard field's (fieldTypes/common.ts columnIndex and the type files).
  if (kind === 'btree') return `create index if not exists ${name} on ${t} (${c} nulls first, id, dept_id, owner_id) ${present}`;
  if (kind === 'board') return `create index if not exists ${name} on ${t} (${c}, dept_id, owner_id) ${present}`;
  if (kind === 'trgm') return `create index if not exists ${name} on ${t} using gin (${c} gin_trgm_ops) ${present}`;
  if (kind === 'lower') return `create index if not exists ${name} on ${t} (lower(${c})) ${present}`;
  if (kind === 'digits') return `create index if not exists ${name} on ${t} (regexp_replace(${c}, '[^0-9]', '', 'g')) ${present}`;
  return `create index if not exists ${name} on ${t} using gin (${c}) ${present}`;
};

/** Indexes of a filterable (and so sortable) custom field; each step idempotent. */
export async function createCustomIndexes(tx: Executor, table: string, column: string, field: ColumnField): Promise<void> {
  if (!field.filterable) return;
  const kinds = FIELD_TYPE_REGISTRY[field.type].customColumn?.indexes(field) ?? [];
  for (const kind of kinds) await tx.execute(sql.raw(indexSql(table, column, field, kind)));
}

export async function dropCustomIndexes(tx: Executor, table: string, field: { id: number }): Promise<void> {
  for (const kind of KINDS) await tx.execute(sql.raw(`drop index if exists ${quoteIdent(indexName(table, field, kind))}`));
}

/**
 * Adds the column (nullable or with a constant default, so no table rewrite) and its indexes.
 * `if not exists`: a step that ran before (a retried change) is not an error (Twenty #14085).
 */
export async function addCustomColumn(tx: Executor, table: string, column: string, field: ColumnField): Promise<void> {
  const type = FIELD_TYPE_REGISTRY[field.type].customColumn;
  if (!type) throw badRequest('setup.fieldTypeNotCustom');
  try {
    await tx.execute(sql.raw(`alter table ${quoteIdent(table)} add column if not exists ${quoteIdent(column)} ${type.sqlType(field)}`));
    await createCustomIndexes(tx, table, column, field);
  } catch (error) {
    throw asBusy(error);
  }
}

/** Drops the column with its data and indexes (the field's metadata row stays, inactive, so its name is never reused). */
export async function dropCustomColumn(tx: Executor, table: string, column: string): Promise<void> {
  try {
    await tx.execute(sql.raw(`alter table ${quoteIdent(table)} drop column if exists ${quoteIdent(column)}`));
  } catch (error) {
    throw asBusy(error);
  }
}

/** Changes the column's SQL type, converting each stored value with `using` (checked beforehand: see typeChange.ts). */
export async function retypeCustomColumn(tx: Executor, table: string, column: string, to: { type: FieldType; decimals?: number | null }): Promise<void> {
  const type = FIELD_TYPE_REGISTRY[to.type].customColumn;
  if (!type) throw badRequest('setup.fieldTypeNotCustom');
  const sqlType = type.sqlType(to);
  const c = quoteIdent(column);
  await tx.execute(sql.raw(`alter table ${quoteIdent(table)} alter column ${c} type ${sqlType} using ${c}::${sqlType}`));
}

/**
 * Adds a formula's STORED generated column (engine/formula/formulaSql.ts writes `expression` from
 * the checked tree and metadata only) and its indexes. PostgreSQL computes it on every insert and
 * update of the row, so lists filter and sort by it with an ordinary index. Adding it rewrites the
 * table once (every row's value is computed), under the module's set-up lock.
 */
export async function addGeneratedColumn(tx: Executor, table: string, column: string, field: ColumnField, expression: string): Promise<void> {
  const type = FIELD_TYPE_REGISTRY[field.type].customColumn;
  if (!type) throw badRequest('setup.fieldTypeNotCustom');
  try {
    // The type without its constant default (a generated column has none).
    const sqlType = type.sqlType(field).replace(/ not null default .*$/, '');
    await tx.execute(sql.raw(`alter table ${quoteIdent(table)} add column ${quoteIdent(column)} ${sqlType} generated always as (${expression}) stored`));
    await createCustomIndexes(tx, table, column, field);
  } catch (error) {
    throw asBusy(error);
  }
}
