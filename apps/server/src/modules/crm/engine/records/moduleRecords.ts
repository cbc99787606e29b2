import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client';
import { badRequest, notFound } from '../../../../lib/errors';
import type { CurrentUser } from '../../../auth/currentUser';
import { moduleHooksOf } from '../crmModules';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import type { FieldDef } from '../metadata/fieldDef';
import { metadataOf } from '../metadata/metadataStore';
import type { MetadataStore, ModuleDef } from '../metadata/moduleDef';
import type { ModuleHooks } from '../moduleHooks';
import { selectList, toRecord } from '../query/recordColumns';
import { recordScope } from '../query/recordScope';
import { rowsOf } from '../query/sql';
import { createRecordsRepository } from './recordsRepository';
import { withoutLayoutReadOnly } from './recordValidation';
import { NO_CACHE, type WriteCache } from './writeCache';

/** Who asks, and in which language the answer speaks. */
export type Caller = { user: CurrentUser; lang: Language };

/**
 * What every operation on one module's records starts from (records/*.ts each take it): the
 * database, the module, its metadata (`def()` reads the current one at each call) and its hooks.
 */
export type ModuleRecords = { db: Db; module: CrmModule; meta: MetadataStore; def: () => ModuleDef; hooks: ModuleHooks };

export function moduleRecordsOf(db: Db, module: CrmModule): ModuleRecords {
  const meta = metadataOf(db);
  return { db, module, meta, def: () => meta.module(module), hooks: moduleHooksOf(module) };
}

/** The record is gone, deleted, or outside the caller's scope: one answer for all three. */
export const recordNotFound = () => notFound('record.notFound');
const someNotFound = () => notFound('record.someNotFound');

/** A field of the module by name for a list, a sort or a mass action; unknown ones are refused. */
export function fieldNamed(def: ModuleDef, name: string, key: 'record.unknownField' | 'sort.unknownField' = 'record.unknownField'): FieldDef {
  const field = def.byName.get(name);
  if (!field) throw badRequest(key, { name });
  return field;
}

/** Refuses a change to a record its module keeps as it is (a converted lead). */
export function assertChangeable(m: ModuleRecords, record: CrmRecord): void {
  const reason = m.hooks.lockedReason?.(record);
  if (reason) throw badRequest(reason);
}

/** The department of a record's owner, copied onto the record for data scope. */
export function deptOfOwner(tx: Executor, ownerId: number, cache: WriteCache = NO_CACHE): Promise<number | null> {
  return cache.remember(`deptOf\u0001${ownerId}`, async () => {
    const [row] = await rowsOf<{ dept_id: unknown }>(tx, sql`select dept_id from sys_user where user_id = ${ownerId}`);
    return row?.dept_id === null || row?.dept_id === undefined ? null : Number(row.dept_id);
  });
}

/** Column values of checked field values. */
export function columnsOf(values: Map<FieldDef, FieldValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of values) Object.assign(out, FIELD_TYPE_REGISTRY[field.type].write(value, field.column));
  return out;
}

/** Locks the present records among `ids` that the caller may change (their scope, or the module's `changeScope`); any missing one refuses the lot. */
export async function lockAll(m: ModuleRecords, tx: Executor, user: CurrentUser, ids: number[]): Promise<CrmRecord[]> {
  const d = m.def();
  const scope = m.hooks.changeScope ? m.hooks.changeScope(user) : recordScope(user);
  const rows = await createRecordsRepository(tx, d).lock(selectList(d.fields), ids, scope);
  if (rows.length !== new Set(ids).size) throw ids.length === 1 ? recordNotFound() : someNotFound();
  return rows.map((r) => toRecord(r, d.fields));
}

/** The body as the caller may write it (recordValidation `withoutLayoutReadOnly`), after the module's write hook (none: unchanged). */
export function withModuleRules(m: ModuleRecords, tx: Executor, caller: Caller, sent: Record<string, unknown>, current?: CrmRecord, cache: WriteCache = NO_CACHE) {
  const body = withoutLayoutReadOnly(m.def(), sent, current);
  return m.hooks.beforeWrite ? m.hooks.beforeWrite({ db: tx, def: m.def(), lang: caller.lang, body, current, cache }) : Promise.resolve(body);
}

/**
 * A write's body split into its fields and the module's own body keys (`ModuleHooks.bodyKeys`: a
 * meeting's attendees), which `afterWrite` receives; a body without them is returned as it is.
 */
export function splitBodyKeys(m: ModuleRecords, body: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const keys = m.hooks.bodyKeys ?? [];
  if (!keys.some((key) => Object.hasOwn(body, key))) return [body, {}];
  const fields: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) (keys.includes(key) ? extra : fields)[key] = value;
  return [fields, extra];
}
