import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../../db/client';
import { badRequest, forbidden, notFound } from '../../../../lib/errors';
import type { CurrentUser } from '../../../auth/currentUser';
import { moduleHooksOf } from '../crmModules';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import type { FieldDef } from '../metadata/fieldDef';
import { metadataOf } from '../metadata/metadataStore';
import type { MetadataStore, ModuleDef } from '../metadata/moduleDef';
import type { ModuleHooks } from '../moduleHooks';
import { selectList, toRecord } from '../query/recordColumns';
import { recordAccess, type ShareForm } from '../query/recordAccess';
import { rowsOf } from '../query/sql';
import { createRecordsRepository } from './recordsRepository';
import { withoutLayoutReadOnly } from './recordValidation';
import { approvalPendingColumn, assertNoPendingApproval } from '../approvals/approvalLock';
import { NO_CACHE, type WriteCache } from './writeCache';
import { withoutSecuredFields } from '../../fieldSecurity/fieldWrites';
import { securedDef } from '../../fieldSecurity/fieldAccess';

/**
 * Who asks, and in which language the answer speaks. `approvalGranted`: the write is an approval
 * process's final action, which the process's own guard lets through (engine/approvals/approvalGuard.ts).
 */
export type Caller = {
  user: CurrentUser;
  lang: Language;
  approvalGranted?: boolean;
  /**
   * The body is built by the server (a lead's conversion, an import's revert), not sent by the user:
   * field-level security does not filter it (docs/records-engine.md, "Field-level security").
   */
  serverBuilt?: boolean;
};

/**
 * What every operation on one module's records starts from (records/*.ts each take it): the
 * database, the module, its metadata (`def()` reads the current one at each call) and its hooks.
 */
export type ModuleRecords = {
  db: Db;
  module: CrmModule;
  meta: MetadataStore;
  def: () => ModuleDef;
  hooks: ModuleHooks;
  /** Where an export's scan reads its rows (the reporting replica, db/reporting.ts); absent: `db`. Views and metadata stay on `db`. */
  reader?: Executor;
};

export function moduleRecordsOf(db: Db, module: CrmModule): ModuleRecords {
  const meta = metadataOf(db);
  return { db, module, meta, def: () => meta.module(module), hooks: moduleHooksOf(module) };
}

/**
 * The module's records as the caller may see them: `def()` is the caller's view of the metadata
 * (fieldSecurity/fieldAccess.ts `securedDef`: hidden fields gone, read-only ones marked). Every read
 * goes through this; writes check against the whole definition (a module's rule may set a field the
 * caller cannot) after the caller's body went through `withModuleRules`.
 */
export function seenBy(m: ModuleRecords, caller: Caller): ModuleRecords {
  return { ...m, def: () => securedDef(m.meta.module(m.module), caller.user) };
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

/**
 * The records a user may change: the module's own `changeScope`, else their access at `write`;
 * undefined for all. `probe`: for a column of a page's rows rather than a filter (query/recordAccess.ts,
 * ShareForm), its columns named by the module's table, which the probe's own subquery would otherwise
 * shadow (crm_record_share has an `id` too).
 */
export const changeScopeOf = (m: ModuleRecords, user: CurrentUser, form: ShareForm = 'set'): SQL | undefined =>
  m.hooks.changeScope ? m.hooks.changeScope(user) : recordAccess(user, m.module, 'write', form === 'probe' ? m.def().table : undefined, form);

/**
 * Locks the present records among `ids` that the caller may change (query/recordAccess.ts at
 * `write`, or the module's `changeScope`); any missing one refuses the lot — as read-only when the
 * caller may read them all, else as not found. Every write (update, inline edit, mass update, delete,
 * merge, import update, board move) locks through here, and is refused while one of the records
 * awaits approval (engine/approvals/approvalLock.ts) unless `approvalLock` is false (sharing, which
 * changes who sees the record, not the record).
 */
export async function lockAll(m: ModuleRecords, tx: Executor, user: CurrentUser, ids: number[], approvalLock = true): Promise<CrmRecord[]> {
  const d = m.def();
  const scope = changeScopeOf(m, user);
  const repo = createRecordsRepository(tx, d);
  const rows = await repo.lock(sql`${selectList(d.fields)}, ${approvalPendingColumn(m.module, d.table)}`, ids, scope);
  if (rows.length !== new Set(ids).size) {
    // One the caller may read but not change (a public read-only module, a read-only share) says so.
    const readable = await repo.select(sql`id`, [sql`id in ${ids}`, recordAccess(user, m.module, 'read')]);
    if (readable.length === new Set(ids).size) throw forbidden('record.readOnly');
    throw ids.length === 1 ? recordNotFound() : someNotFound();
  }
  if (approvalLock) assertNoPendingApproval(rows);
  return rows.map((r) => toRecord(r, d.fields));
}

/** The body as the caller may write it (field-level security, then recordValidation `withoutLayoutReadOnly`), after the module's write hook (none: unchanged). */
export function withModuleRules(m: ModuleRecords, tx: Executor, caller: Caller, sent: Record<string, unknown>, current?: CrmRecord, cache: WriteCache = NO_CACHE) {
  const body = withoutLayoutReadOnly(m.def(), caller.serverBuilt ? sent : withoutSecuredFields(m.def(), caller.user, sent), current);
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
