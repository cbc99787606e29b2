import { fieldRestrictions } from '../../fieldSecurity/fieldAccess';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { checkFieldValue, type FieldValue } from '@orbit/shared/crm/fieldValue';
import { isCrmModule, type LookupTarget } from '@orbit/shared/crm/modules';
import type { MessageKey, MessageParams } from '@orbit/shared/messages';
import type { Executor } from '../../../../db/client';
import { sysDictData } from '../../../../db/schema/dict';
import { badRequest, fieldErrors } from '../../../../lib/errors';
import type { CurrentUser } from '../../../auth/currentUser';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import type { FieldDef } from '../metadata/fieldDef';
import { hierarchyFields, isOwnAncestor } from './hierarchy';
import { defaultRecordType, layoutFlags, layoutFor } from '../metadata/layouts';
import type { MetadataStore, ModuleDef } from '../metadata/moduleDef';
import { labelOf } from '../query/filterCompiler';
import { recordAccess } from '../query/recordAccess';
import { PRESENT, col, rowsOf, tableOf } from '../query/sql';
import { byFieldName, ownValue } from './ownValues';
import { NO_CACHE, type WriteCache } from './writeCache';
import { organisationCurrencyOf } from '../../money/organisationCurrency';
import { isRecordCurrency } from '@orbit/shared/crm/money';

/** `cache`: answers shared by the writes of one batch (an import's); absent, every check asks the database. */
export type WriteContext = { db: Executor; meta: MetadataStore; def: ModuleDef; user: CurrentUser; lang: Language; cache?: WriteCache };

/** Keys a record body may carry that are not fields to write (the update's identity and version, echoed system values). */
const ENVELOPE_KEYS = new Set(['id', 'version', 'deptId', 'createTime', 'updateTime', 'createBy', 'updateBy']);

/** Fields a form writes: not read-only; of the system fields only the owner, and the record type when creating. */
function isWritable(field: FieldDef, mode: 'create' | 'update'): boolean {
  if (field.readOnly) return false;
  if (!field.system) return true;
  return field.name === 'ownerId' || (mode === 'create' && field.name === 'recordTypeId');
}

/** The record type a write is checked with: the record's own on update; on create the one sent, else the default. */
const recordTypeOf = (def: ModuleDef, body: Record<string, unknown>, current: CrmRecord | undefined): number | null =>
  current ? current.recordTypeId : ((ownValue(body, 'recordTypeId') as number | undefined) ?? defaultRecordType(def)?.id ?? null);

/**
 * The caller's body without what it sends for fields read-only in the layout of the record's type,
 * whoever the caller (docs/decisions.md, "A layout's read-only field is read-only through the API
 * too"): ignored like a field read-only by its definition, so a client may echo a record back. Taken
 * out before the module's write rule runs, so that the rule still sets such a field (a stage brings
 * its probability) and a create gives it its default. The record type itself is the choice the
 * layout follows, never taken out.
 */
export function withoutLayoutReadOnly(def: ModuleDef, body: Record<string, unknown>, current?: CrmRecord): Record<string, unknown> {
  const flags = layoutFlags(layoutFor(def, recordTypeOf(def, body, current)));
  const fixed = Object.keys(body).filter((name) => name !== 'recordTypeId' && flags.get(name)?.readOnly);
  if (!fixed.length) return body;
  const sent = { ...body };
  for (const name of fixed) delete sent[name];
  return sent;
}

/**
 * A mass update of `field` is refused when the field is read-only in the layout of any of the
 * records' types: the request asks for nothing else, so ignoring it (as a record body's value is)
 * would answer success for a change that was not made.
 */
export function assertMassWritable(def: ModuleDef, records: CrmRecord[], field: FieldDef, lang: Language): void {
  const types = new Set(records.map((r) => r.recordTypeId));
  if ([...types].some((type) => layoutFlags(layoutFor(def, type)).get(field.name)?.readOnly)) throw badRequest('record.readOnlyInLayout', { field: labelOf(field, lang) });
}

type Problems = Record<string, { key: MessageKey; params: MessageParams }>;

/** Values that exist in the database: picklist values in their dictionary, looked-up records within reach, unique fields. */
async function checkAgainstDatabase(ctx: WriteContext, values: Map<FieldDef, FieldValue>, problems: Problems, recordId: number | undefined) {
  const { db, def } = ctx;
  const problem = (field: FieldDef, key: MessageKey, params: MessageParams = {}) => {
    problems[field.name] ??= { key, params: { field: labelOf(field, ctx.lang), ...params } };
  };

  const dictTypes = [...new Set([...values.keys()].map((f) => f.dictType).filter((t): t is string => !!t))].sort();
  if (dictTypes.length) {
    const allowed = await (ctx.cache ?? NO_CACHE).remember(`dict\u0001${dictTypes.join('\u0001')}`, async () => {
      const rows = await db
        .select({ type: sysDictData.dictType, value: sysDictData.dictValue })
        .from(sysDictData)
        .where(and(inArray(sysDictData.dictType, dictTypes), eq(sysDictData.status, '0')));
      return new Set(rows.map((r) => `${r.type}\u0001${r.value}`));
    });
    for (const [field, value] of values) {
      if (!field.dictType || value === null) continue;
      const chosen = Array.isArray(value) ? value : [value as string];
      if (chosen.some((v) => !allowed.has(`${field.dictType}\u0001${v}`))) problem(field, 'validation.invalidValue');
    }
  }

  for (const [field, value] of values) {
    if (value === null) continue;
    let target: LookupTarget | undefined;
    let id: number | undefined;
    if (field.type === 'lookup') [target, id] = [field.lookupModule ?? undefined, value as number];
    else if (field.type === 'relatedRecord') [target, id] = [(value as { module: LookupTarget }).module, (value as { id: number }).id];
    if (!target || id === undefined) continue;
    if (!(await lookupExists(ctx, target, id))) problem(field, field.name === 'ownerId' ? 'record.ownerInvalid' : 'record.lookupNotFound');
  }

  // A new record has no children yet: only an update can make a record its own ancestor.
  if (recordId !== undefined) {
    for (const field of hierarchyFields(def)) {
      const parentId = values.get(field);
      if (typeof parentId === 'number' && !problems[field.name] && (await isOwnAncestor(db, def, field, recordId, parentId))) problem(field, 'record.hierarchyCycle');
    }
  }

  for (const [field, value] of values) {
    if (!field.unique || typeof value !== 'string') continue;
    const others = sql`lower(${col(field.column)}) = lower(${value}) and ${PRESENT}${recordId ? sql` and id <> ${recordId}` : sql``}`;
    const taken = await rowsOf(db, sql`select 1 from ${tableOf(def.table)} where ${others} limit 1`);
    if (taken.length) problem(field, 'record.valueTaken', { value });
  }
}

/** Whether a looked-up id exists and — for business records — the user may read it (query/recordAccess.ts: a public read-only campaign may be pointed at). */
export async function lookupExists(ctx: WriteContext, target: LookupTarget, id: number): Promise<boolean> {
  const { db, meta, def, user } = ctx;
  if (target === 'recordType') return def.recordTypes.some((t) => t.id === id && t.active);
  const exists = async (query: SQL) => (await rowsOf(db, query)).length > 0;
  const cache = ctx.cache ?? NO_CACHE;
  if (target === 'user') return cache.remember(`user\u0001${id}`, () => exists(sql`select 1 from sys_user where user_id = ${id} and del_flag = '0' and status = '0'`));
  if (target === 'dept') return cache.remember(`dept\u0001${id}`, () => exists(sql`select 1 from sys_dept where dept_id = ${id} and del_flag = '0'`));
  if (!isCrmModule(target)) return false;
  const scope = recordAccess(user, target, 'read');
  const table = tableOf(meta.module(target).table);
  // Only a record found is remembered: one the batch has not yet written may be written by it.
  return cache.remember(
    `${target}\u0001${id}`,
    () => exists(sql`select 1 from ${table} where id = ${id} and ${PRESENT}${scope ? sql` and ${scope}` : sql``}`),
    (found) => found,
  );
}

/**
 * A record body checked against the module's metadata and the record type's layout: unknown fields
 * refused; what the caller sends for a read-only field — by its definition, or by the layout of the
 * record's type, whoever the caller (docs/decisions.md, "A layout's read-only field is read-only
 * through the API too") — ignored, a create giving it its default; every value checked by the same
 * `checkFieldValue` the web form uses, then against the database. Answers the values to write,
 * by field; throws one 400 naming every field in error (by its label, in the request's language).
 */
export async function checkRecordWrite(
  ctx: WriteContext,
  body: Record<string, unknown>,
  options: { mode: 'create' } | { mode: 'update'; current: CrmRecord },
): Promise<Map<FieldDef, FieldValue>> {
  const { def, user, lang } = ctx;
  const problems: Problems = byFieldName();
  const problem = (name: string, key: MessageKey, params: MessageParams) => (problems[name] ??= { key, params });

  for (const key of Object.keys(body)) {
    if (!ENVELOPE_KEYS.has(key) && !def.byName.has(key)) problem(key, 'record.unknownField', { name: key });
  }

  const recordTypeId = recordTypeOf(def, body, options.mode === 'update' ? options.current : undefined);
  const flags = layoutFlags(layoutFor(def, recordTypeId));
  const restricted = fieldRestrictions(def, user);
  const input = new Map<FieldDef, unknown>();
  for (const field of def.fields) {
    if (!isWritable(field, options.mode)) continue;
    if (Object.hasOwn(body, field.name)) input.set(field, body[field.name]);
    else if (options.mode === 'create') {
      if (field.name === 'ownerId') input.set(field, user.userId);
      else if (field.name === 'recordTypeId') input.set(field, recordTypeId);
      // A record's currency, when not given, is the organisation's as it is now (issue 33): a default no seed can hold.
      else if (isRecordCurrency(field)) input.set(field, await (ctx.cache ?? NO_CACHE).remember('organisationCurrency', () => organisationCurrencyOf(ctx.db)));
      else if (field.defaultValue !== null) input.set(field, field.defaultValue);
      // Nobody can fill a field the layout shows read-only: it is not asked for (set-up refuses a required one).
      // Nor one field-level security keeps from the caller (fieldSecurity/fieldAccess.ts).
      else if (!flags.get(field.name)?.readOnly && !restricted.has(field.name) && (field.required || flags.get(field.name)?.required)) input.set(field, null);
    }
  }

  const values = new Map<FieldDef, FieldValue>();
  for (const [field, raw] of input) {
    // The field as the layout makes it (a copy only where the layout asks more of it: an import checks every field of every row).
    const asLaid = field.required || !flags.get(field.name)?.required ? field : { ...field, required: true };
    const checked = checkFieldValue(asLaid, raw);
    if (!checked.ok) {
      problem(field.name, checked.key, { field: labelOf(field, lang), ...checked.params });
      continue;
    }
    // Checked again as stored: rich text with nothing left once cleaned is empty, and a required one refused.
    const normalise = FIELD_TYPE_REGISTRY[field.type].normalise;
    const value = normalise ? normalise(checked.value) : checked.value;
    if (value !== checked.value) {
      const again = checkFieldValue(asLaid, value);
      if (!again.ok) {
        problem(field.name, again.key, { field: labelOf(field, lang), ...again.params });
        continue;
      }
    }
    if (options.mode === 'update' && JSON.stringify(value) === JSON.stringify(ownValue(options.current, field.name) ?? null)) continue;
    values.set(field, value);
  }
  if (options.mode === 'create' && def.recordTypes.some((t) => t.active) && recordTypeId === null) {
    problem('recordTypeId', 'record.recordTypeInvalid', {});
  }

  // The values that passed are checked against the database too, so that one answer (a form's, an
  // import row's) names every field in error, not only those of the first kind found.
  await checkAgainstDatabase(ctx, values, problems, options.mode === 'update' ? options.current.id : undefined);
  if (Object.keys(problems).length) throw fieldErrors(problems);
  return values;
}
