import { sql, type SQL } from 'drizzle-orm';
import { CODE, type Language } from '@orbit/shared/constants';
import { translate } from '@orbit/shared/messages';
import type { CrmRecord, LookupLabels, LookupOption, OwnerScope, RecordListQuery } from '@orbit/shared/contract/crm';
import { RECYCLE_BIN_DAYS, type CrmModule } from '@orbit/shared/crm/modules';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { Db, Executor } from '../../../../db/client';
import { AppError, badRequest, fieldError, fieldErrors, notFound } from '../../../../lib/errors';
import type { CurrentUser } from '../../../auth/currentUser';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import { createRecordHistory, type HistoryEntry } from '../history/recordHistory';
import type { FieldDef } from '../metadata/fieldDef';
import { metadataOf, type ModuleDef } from '../metadata/metadataStore';
import { MODULE_HOOKS, type RemoveOptions } from '../moduleHooks';
import { compileFilter, labelOf } from '../query/filterCompiler';
import { recordScope, ownerScopeFilter } from '../query/recordScope';
import { nameExpression } from '../query/recordName';
import { quickSearch } from '../query/quickSearch';
import { selectList, toRecord } from '../query/recordColumns';
import { col, rowsOf } from '../query/sql';
import { createListViews } from '../views/listViews';
import { withDerivedValues } from './derivedValues';
import { historyLabels, lookupLabels } from './lookupLabels';
import { assertMassWritable, checkRecordWrite, lookupExists, withoutLayoutReadOnly, type WriteContext } from './recordValidation';
import { createRecordsRepository } from './recordsRepository';
import { NO_CACHE, type WriteCache } from './writeCache';
import { hierarchyOf } from './hierarchyTree';

/** The record is gone, deleted, or outside the caller's scope: one answer for all three. */
const recordNotFound = () => notFound('record.notFound');
const someNotFound = () => notFound('record.someNotFound');

/** Types a mass action may set on many records at once. */
const MASS_EDITABLE = new Set(['picklist', 'checkbox', 'lookup', 'date']);

/** Types a list may sum (a related list's totals). */
const SUMMABLE = new Set(['currency', 'number']);

export type Caller = { user: CurrentUser; lang: Language };

/** What decides a list's rows, columns and order (a page adds paging, an export its selection). */
type ListShapeQuery = Pick<RecordListQuery, 'viewId' | 'filter' | 'q' | 'owner' | 'fields' | 'orderByColumn' | 'isAsc'>;

/** Rows an export reads per statement. */
const SCAN_BATCH = 1000;

/**
 * A list's order: the sort key, then `id` the same way. Empty values count as the smallest
 * (first going up, last going down, as MySQL orders them, and so the CRMs built on it), which is exactly
 * how the key's `(column nulls first, id)` index reads forwards and backwards (fieldTypes/common.ts
 * `columnIndex`), so a sorted page never sorts the table. The default order (newest first) is
 * written the same way for the same reason.
 */
const orderBy = (key: SQL, descending: boolean): SQL[] =>
  descending ? [sql`${key} desc nulls last`, sql`id desc`] : [sql`${key} asc nulls first`, sql`id asc`];

/**
 * The two parts of a list in `orderBy(key, descending)`'s order, empty keys being the smallest
 * (first going up, last going down), each read after its last row with a condition an index on
 * `(key, id)` answers as a range: the rows with a key by the row value `(key, id)`, the empty ones
 * by `id`. (One condition with an `or key is null` would make every batch sort what remains.)
 */
function scanParts(key: SQL, descending: boolean): Array<{ where: SQL; order: SQL[]; after: (last: { key: unknown; id: number }) => SQL }> {
  const dir = descending ? sql`desc` : sql`asc`;
  const keyed = {
    where: sql`${key} is not null`,
    // The nulls clause the (key nulls first, id) index reads in either direction, though no key here is null.
    order: [descending ? sql`${key} desc nulls last` : sql`${key} asc nulls first`, sql`id ${dir}`],
    after: (last: { key: unknown; id: number }) => (descending ? sql`(${key}, id) < (${last.key}, ${last.id})` : sql`(${key}, id) > (${last.key}, ${last.id})`),
  };
  const empty = {
    where: sql`${key} is null`,
    order: [sql`id ${dir}`],
    after: (last: { key: unknown; id: number }) => (descending ? sql`id < ${last.id}` : sql`id > ${last.id}`),
  };
  return descending ? [keyed, empty] : [empty, keyed];
}

/**
 * The generic records service: every list, read and write of every business module goes through
 * here, under the caller's data scope, with the module's metadata, in transactions that carry
 * their field history.
 */
export function createRecordsService(db: Db, module: CrmModule) {
  const meta = metadataOf(db);
  const def = (): ModuleDef => meta.module(module);
  const hooks = MODULE_HOOKS[module] ?? {};
  const assertChangeable = (record: CrmRecord) => {
    const reason = hooks.lockedReason?.(record);
    if (reason) throw badRequest(reason);
  };

  /** The department of a record's owner, copied onto the record for data scope. */
  function deptOfOwner(tx: Executor, ownerId: number, cache: WriteCache = NO_CACHE): Promise<number | null> {
    return cache.remember(`deptOf\u0001${ownerId}`, async () => {
      const [row] = await rowsOf<{ dept_id: unknown }>(tx, sql`select dept_id from sys_user where user_id = ${ownerId}`);
      return row?.dept_id === null || row?.dept_id === undefined ? null : Number(row.dept_id);
    });
  }

  /** Column values of checked field values. */
  function columnsOf(values: Map<FieldDef, FieldValue>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [field, value] of values) Object.assign(out, FIELD_TYPE_REGISTRY[field.type].write(value, field.column));
    return out;
  }

  /** Locks the present records among `ids` that the caller may see; any missing one refuses the lot. */
  async function lockAll(tx: Executor, user: CurrentUser, ids: number[]): Promise<CrmRecord[]> {
    const d = def();
    const rows = await createRecordsRepository(tx, d).lock(selectList(d.fields), ids, recordScope(user));
    if (rows.length !== new Set(ids).size) throw ids.length === 1 ? recordNotFound() : someNotFound();
    return rows.map((r) => toRecord(r, d.fields));
  }

  /** A record within the caller's scope; `unscoped` only to answer a write the caller just made (a transfer may take it out of their scope). */
  async function readOne(tx: Executor, { user, lang }: Caller, id: number, unscoped = false): Promise<{ data: CrmRecord; lookups: LookupLabels; locked: string | null }> {
    const d = def();
    const [row] = await createRecordsRepository(tx, d).select(selectList(d.fields), [sql`id = ${id}`, unscoped ? undefined : recordScope(user)]);
    if (!row) throw recordNotFound();
    const data = toRecord(row, d.fields);
    const reason = hooks.lockedReason?.(data);
    return { data, lookups: await lookupLabels(tx, meta, user, [data], d.fields, lang), locked: reason ? translate(lang, reason) : null };
  }

  /** A field of this module by name for a list, a sort or a mass action; unknown ones are refused. */
  function fieldNamed(name: string, key: 'record.unknownField' | 'sort.unknownField' = 'record.unknownField'): FieldDef {
    const field = def().byName.get(name);
    if (!field) throw badRequest(key, { name });
    return field;
  }

  /**
   * A list request's rows: `(data scope) AND (view filter) AND (request filter) AND (quick search)
   * AND (owner scope)` — nothing a user sends widens the scope. `where` is all of them; `byOwner`
   * the ones on the owner and department columns only (data and owner scope), `filters` the rest
   * (empty when only the owner and department decide the rows: what a table of totals kept per
   * owner and department can answer with `byOwner`, its columns being named alike).
   */
  async function listConditions({ user, lang }: Caller, query: Pick<RecordListQuery, 'viewId' | 'filter' | 'q' | 'owner'>) {
    const d = def();
    const view = query.viewId ? await createListViews(db, module).find(user, query.viewId) : undefined;
    const present = (conditions: Array<SQL | undefined>) => conditions.filter((c): c is SQL => c !== undefined);
    const byOwner = present([recordScope(user), ownerScopeFilter(user, query.owner ?? (view?.ownerScope as OwnerScope | undefined))]);
    const filters = present([
      view?.filter ? compileFilter(view.filter, d, lang) : undefined,
      query.filter ? compileFilter(query.filter, d, lang) : undefined,
      query.q ? quickSearch(d, query.q) : undefined,
    ]);
    const where: Array<SQL | undefined> = [...byOwner, ...filters];
    return { view, where, byOwner, filters };
  }

  /** The body as the caller may write it (recordValidation `withoutLayoutReadOnly`), after the module's write hook (none: unchanged). */
  const withModuleRules = (tx: Executor, caller: Caller, sent: Record<string, unknown>, current?: CrmRecord, cache: WriteCache = NO_CACHE) => {
    const body = withoutLayoutReadOnly(def(), sent, current);
    return hooks.beforeWrite ? hooks.beforeWrite({ db: tx, def: def(), lang: caller.lang, body, current, cache }) : Promise.resolve(body);
  };

  /**
   * What a list shows: its rows' conditions, its columns (`fields`, or the view's, or all) and its
   * order (the sort asked for, or the view's, or newest first).
   */
  async function listShape(caller: Caller, query: ListShapeQuery) {
    const d = def();
    const { view, where } = await listConditions(caller, query);
    // A view's columns and sort may name a field that has since gone: it is skipped, never a 500.
    const names = query.fields ? query.fields.split(',') : view ? view.columns.filter((n) => d.byName.has(n)) : d.fields.map((f) => f.name);
    const fields = [...new Set([...d.nameFields, ...names])].map((n) => fieldNamed(n));

    const sortName = query.orderByColumn ?? (view?.sortField && d.byName.has(view.sortField) ? view.sortField : undefined);
    const descending = query.orderByColumn ? query.isAsc === 'desc' || query.isAsc === 'descending' : view?.sortOrder !== 'asc';
    let key: SQL = col('create_time');
    if (sortName) {
      const field = fieldNamed(sortName, 'sort.unknownField');
      const sortKey = FIELD_TYPE_REGISTRY[field.type].sortKey;
      if (!field.sortable || !sortKey) throw badRequest('sort.unknownField', { name: sortName });
      key = sortKey(col, field.column);
    }
    return { where, fields, key, descending: sortName ? descending : true };
  }

  return {
    async list({ user, lang }: Caller, query: RecordListQuery) {
      const d = def();
      const { where, fields, key, descending } = await listShape({ user, lang }, query);
      const order = orderBy(key, descending);

      const sums = query.totals?.map((t) => {
        const field = fieldNamed(t.field);
        if (!SUMMABLE.has(field.type)) throw badRequest('record.totalsInvalid');
        const only = t.filter ? compileFilter(t.filter, d, lang) : undefined;
        return only ? sql`sum(${col(field.column)}) filter (where ${only})` : sql`sum(${col(field.column)})`;
      });
      const repo = createRecordsRepository(db, d);
      const [total, rows, totals] = await Promise.all([
        repo.count(where),
        repo.select(selectList(fields), where, order, { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }),
        sums ? repo.sums(sums, where) : undefined,
      ]);
      const records = rows.map((r) => toRecord(r, fields));
      return { total, rows: records, lookups: await lookupLabels(db, meta, user, records, fields, lang), ...(totals ? { totals } : {}) };
    },

    /**
     * Every row of a list (or of the selected `ids`), in the list's order, a batch at a time, for an
     * export: each batch starts after the last row of the one before on the order's key (keyset),
     * so the millionth row costs what the first did and no transaction is held between batches.
     */
    async *scan(caller: Caller, query: ListShapeQuery & { ids?: number[] }, batchSize = SCAN_BATCH) {
      const d = def();
      const { where, fields, key, descending } = await listShape(caller, query);
      if (query.ids) where.push(sql`id in ${query.ids}`);
      const repo = createRecordsRepository(db, d);
      const total = await repo.count(where);
      yield { total, fields, records: [] as CrmRecord[], lookups: {} as LookupLabels };
      for (const part of scanParts(key, descending)) {
        let last: { key: unknown; id: number } | undefined;
        for (;;) {
          const rows = await repo.select(sql`${selectList(fields)}, (${key})::text as "__sort_key"`, [...where, part.where, last && part.after(last)], part.order, {
            limit: batchSize,
            offset: 0,
          });
          if (!rows.length) break;
          const end = rows.at(-1)!;
          // As text: a Date would drop the microseconds and the next batch would repeat the row.
          last = { key: end.__sort_key, id: Number(end.id) };
          const records = rows.map((r) => toRecord(r, fields));
          yield { total, fields, records, lookups: await lookupLabels(db, meta, caller.user, records, fields, caller.lang) };
          if (rows.length < batchSize) break;
        }
      }
    },

    /** Checks a list's view, filter, columns and sort as a list request would (an export, before it is queued). */
    checkList: async (caller: Caller, query: ListShapeQuery): Promise<void> => void (await listShape(caller, query)),

    /** The conditions of a list request (scope, view, filter, quick search, owner), for a module's own views of the same list (a board). */
    listConditions,

    get: (caller: Caller, id: number) => readOne(db, caller, id),

    async create(caller: Caller, body: Record<string, unknown>): Promise<number> {
      return db.transaction(async (tx) => createIn(tx, caller, body));
    },

    /**
     * Creates inside the caller's transaction (lead conversion creates several records in one);
     * `systemColumns` are values of read-only columns the module itself sets (the lead it came from).
     */
    createIn: (tx: Executor, caller: Caller, body: Record<string, unknown>, systemColumns?: Record<string, unknown>) => createIn(tx, caller, body, systemColumns),

    createManyIn,

    async update(caller: Caller, body: { id: number; version: number } & Record<string, unknown>) {
      return db.transaction(async (tx) => {
        await updateIn(tx, caller, body);
        return readOne(tx, caller, body.id, true);
      });
    },

    /** Updates inside the caller's transaction; answers whether anything changed. */
    updateIn: async (tx: Executor, caller: Caller, body: { id: number; version: number } & Record<string, unknown>) => (await updateIn(tx, caller, body)) !== null,

    /**
     * Updates inside the caller's transaction and answers what it replaced: the changed fields'
     * values before (those the engine derived too) and the version it left, or null when nothing
     * changed — what an import keeps so that it can be undone.
     */
    updateTrackedIn: async (tx: Executor, caller: Caller, body: { id: number; version: number } & Record<string, unknown>) => {
      const changed = await updateIn(tx, caller, body);
      return changed && { before: changed.before, version: body.version + 1 };
    },

    /**
     * Checks a create (no `id`) or an update of record `id` exactly as the write would — the
     * module's rule, the layout, every value, the database's checks — and writes nothing: an
     * import's dry run. Answers how many fields would change; throws the write's AppError.
     */
    checkWriteIn,

    async remove(caller: Caller, ids: number[], options: RemoveOptions = {}): Promise<void> {
      await db.transaction(async (tx) => removeIn(tx, caller, ids, options));
    },

    /** Moves records to the recycle bin inside the caller's transaction (an import's revert, a batch at a time). */
    removeIn: (tx: Executor, caller: Caller, ids: number[], options: RemoveOptions = {}) => removeIn(tx, caller, ids, options),

    async massTransfer(caller: Caller, ids: number[], ownerId: number): Promise<void> {
      const d = def();
      const ownerField = fieldNamed('ownerId');
      await db.transaction(async (tx) => {
        const records = await lockAll(tx, caller.user, ids);
        records.forEach(assertChangeable);
        const ctx: WriteContext = { db: tx, meta, def: d, user: caller.user, lang: caller.lang };
        if (!(await lookupExists(ctx, 'user', ownerId))) throw fieldError('ownerId', 'record.ownerInvalid');
        const deptId = await deptOfOwner(tx, ownerId);
        const repo = createRecordsRepository(tx, d);
        const history: HistoryEntry[] = [];
        for (const record of records) {
          if (record.ownerId === ownerId) continue;
          await repo.update(record.id, record.version, { owner_id: ownerId, dept_id: deptId, update_by: caller.user.userId, update_time: new Date() });
          history.push({ recordId: record.id, action: 'transfer', field: ownerField.name, oldValue: record.ownerId, newValue: ownerId });
        }
        await createRecordHistory(tx, module).write(caller.user, history);
      });
    },

    /** Sets one mass-editable field on every record; `also` holds the values its module's rule needs with it (see massUpdateBody). */
    async massUpdate(caller: Caller, ids: number[], name: string, value: unknown, also: Record<string, unknown> = {}): Promise<void> {
      const d = def();
      const field = fieldNamed(name);
      if (field.system || field.readOnly || !MASS_EDITABLE.has(field.type)) {
        throw badRequest('record.notMassEditable', { field: labelOf(field, caller.lang) });
      }
      await db.transaction(async (tx) => {
        const records = await lockAll(tx, caller.user, ids);
        records.forEach(assertChangeable);
        assertMassWritable(d, records, field, caller.lang);
        const ctx: WriteContext = { db: tx, meta, def: d, user: caller.user, lang: caller.lang };
        const history: HistoryEntry[] = [];
        const repo = createRecordsRepository(tx, d);
        for (const record of records) {
          const changes = await withModuleRules(tx, caller, { ...also, [name]: value }, record);
          const checked = await checkRecordWrite(ctx, changes, { mode: 'update', current: record });
          if (!checked.size) continue;
          const values = withDerivedValues(d, hooks, checked, record);
          await repo.update(record.id, record.version, { ...columnsOf(values), update_by: caller.user.userId, update_time: new Date() });
          // A module's rule may change more than the one field (a stage brings its probability).
          for (const [changed, next] of values) history.push({ recordId: record.id, action: 'update', field: changed.name, oldValue: record[changed.name] ?? null, newValue: next });
        }
        await createRecordHistory(tx, module).write(caller.user, history);
      });
    },

    /** The caller's deleted records still in the bin (every one in scope for an administrator), newest first. */
    async recycleBin({ user, lang }: Caller, page: { pageNum: number; pageSize: number }) {
      const d = def();
      const since = new Date(Date.now() - RECYCLE_BIN_DAYS * 86_400_000);
      const who = user.isAdmin ? recordScope(user) : sql`owner_id = ${user.userId}`;
      const fields = [...d.nameFields].map((n) => fieldNamed(n));
      const where = sql`deleted_at is not null and deleted_at > ${since}${who ? sql` and ${who}` : sql``}`;
      const columns = sql`${selectList(fields)}, deleted_at, deleted_by`;
      const table = sql.identifier(d.table);
      const [countRow] = await rowsOf<{ count: unknown }>(db, sql`select count(*) as count from ${table} where ${where}`);
      const rows = await rowsOf(
        db,
        sql`select ${columns} from ${table} where ${where} order by deleted_at desc, id desc limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`,
      );
      const records = rows.map((r) => ({ ...toRecord(r, fields), deletedAt: new Date(String(r.deleted_at)).toISOString(), deletedBy: Number(r.deleted_by) }));
      return { total: Number(countRow?.count ?? 0), rows: records, lookups: await lookupLabels(db, meta, user, records, fields, lang) };
    },

    async restore({ user, lang }: Caller, ids: number[]): Promise<void> {
      const d = def();
      await db.transaction(async (tx) => {
        const since = new Date(Date.now() - RECYCLE_BIN_DAYS * 86_400_000);
        const who = user.isAdmin ? recordScope(user) : sql`owner_id = ${user.userId}`;
        const repo = createRecordsRepository(tx, d);
        const rows = await repo.lockDeleted(ids, who, since);
        if (rows.length !== new Set(ids).size) throw new AppError(CODE.notFound, 'record.restoreNotAllowed');
        await hooks.beforeRestore?.({ tx, meta, user, lang }, ids);
        await repo.restore(ids, user.userId);
        await createRecordHistory(tx, module).write(user, ids.map((recordId) => ({ recordId, action: 'restore' })));
      });
    },

    async history({ user, lang }: Caller, id: number, page: { pageNum: number; pageSize: number }) {
      const d = def();
      const [row] = await createRecordsRepository(db, d).select(sql`id`, [sql`id = ${id}`, recordScope(user)]);
      if (!row) throw recordNotFound();
      const history = await createRecordHistory(db, module).page(id, page);
      return { ...history, lookups: await historyLabels(db, meta, user, d, history.rows, lang) };
    },

    /** The tree the record sits in (records/hierarchyTree.ts). */
    hierarchy: ({ user }: Caller, id: number) => hierarchyOf(db, def(), user, id),

    /** Options of a lookup picker: records the caller may see, by name, a page at a time. */
    async lookup({ user }: Caller, q: string | undefined, page: { pageNum: number; pageSize: number }): Promise<{ total: number; rows: LookupOption[] }> {
      const d = def();
      const where = [recordScope(user), q ? quickSearch(d, q) : undefined];
      const repo = createRecordsRepository(db, d);
      const name = nameExpression(d);
      const [total, rows] = await Promise.all([
        repo.count(where),
        repo.select(sql`id, ${name} as label`, where, [sql`${name} asc`, sql`id asc`], { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize }),
      ]);
      return { total, rows: rows.map((r) => ({ id: Number(r.id), label: String(r.label ?? '') })) };
    },
  };

  /** A new record checked as the form's create (throws its AppError): its values by field, and the columns to insert. */
  async function newRecord(tx: Executor, caller: Caller, body: Record<string, unknown>, cache: WriteCache = NO_CACHE) {
    const d = def();
    const checked = await checkRecordWrite({ db: tx, meta, def: d, user: caller.user, lang: caller.lang, cache }, await withModuleRules(tx, caller, body, undefined, cache), { mode: 'create' });
    const columns = columnsOf(withDerivedValues(d, hooks, checked));
    return { checked, columns: { ...columns, dept_id: await deptOfOwner(tx, columns.owner_id as number, cache), create_by: caller.user.userId } };
  }

  async function createIn(tx: Executor, caller: Caller, body: Record<string, unknown>, systemColumns: Record<string, unknown> = {}): Promise<number> {
    const { columns } = await newRecord(tx, caller, body);
    const id = await createRecordsRepository(tx, def()).insert({ ...columns, ...systemColumns });
    await createRecordHistory(tx, module).write(caller.user, [{ recordId: id, action: 'create' }]);
    return id;
  }

  /**
   * Creates many records inside the caller's transaction, each checked exactly as `createIn`
   * checks one, written by one insert and one history insert (an import's batch): answers, in
   * the order of `bodies`, each one's id or why it was refused — its AppError, or the database's
   * error when the insert refused its values (the rows are then written one at a time, each in its
   * savepoint, so that only those refused are left out).
   */
  async function createManyIn(tx: Db, caller: Caller, bodies: Array<Record<string, unknown>>, cache: WriteCache): Promise<Array<{ id: number } | { error: unknown }>> {
    const answers: Array<{ id: number } | { error: unknown }> = [];
    const rows: Array<{ at: number; columns: Record<string, unknown> }> = [];
    // Unique values the batch itself takes (the database check sees only what is written).
    const taken = new Set<string>();
    const uniqueKey = (field: FieldDef, value: string) => `${field.name}\u0001${value.toLowerCase()}`;
    for (const [at, body] of bodies.entries()) {
      try {
        const { checked, columns } = await newRecord(tx, caller, body, cache);
        const unique = [...checked].filter((entry): entry is [FieldDef, string] => entry[0].unique && typeof entry[1] === 'string');
        const clash = unique.find(([field, value]) => taken.has(uniqueKey(field, value)));
        if (clash) throw fieldErrors({ [clash[0].name]: { key: 'record.valueTaken', params: { field: labelOf(clash[0], caller.lang), value: clash[1] } } });
        for (const [field, value] of unique) taken.add(uniqueKey(field, value));
        rows.push({ at, columns });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answers[at] = { error };
      }
    }
    const write = async (sp: Executor, batch: typeof rows) => {
      const ids = await createRecordsRepository(sp, def()).insertMany(batch.map((r) => r.columns));
      await createRecordHistory(sp, module).write(caller.user, ids.map((recordId) => ({ recordId, action: 'create' })));
      batch.forEach((r, i) => (answers[r.at] = { id: ids[i]! }));
    };
    if (!rows.length) return answers;
    try {
      await tx.transaction((sp) => write(sp, rows));
    } catch {
      for (const row of rows) await tx.transaction((sp) => write(sp, [row])).catch((error: unknown) => (answers[row.at] = { error }));
    }
    return answers;
  }

  async function removeIn(tx: Executor, { user, lang }: Caller, ids: number[], options: RemoveOptions): Promise<void> {
    const records = await lockAll(tx, user, ids);
    await hooks.beforeRemove?.({ tx, meta, user, lang }, records, options);
    await createRecordsRepository(tx, def()).softDelete(ids, user.userId);
    await createRecordHistory(tx, module).write(user, ids.map((recordId) => ({ recordId, action: 'delete' })));
  }

  async function checkWriteIn(tx: Executor, caller: Caller, body: Record<string, unknown>, id?: number, cache?: WriteCache): Promise<number> {
    const d = def();
    const ctx: WriteContext = { db: tx, meta, def: d, user: caller.user, lang: caller.lang, cache };
    if (id === undefined) return (await checkRecordWrite(ctx, await withModuleRules(tx, caller, body, undefined, cache), { mode: 'create' })).size;
    const [row] = await createRecordsRepository(tx, d).select(selectList(d.fields), [sql`id = ${id}`, recordScope(caller.user)]);
    if (!row) throw recordNotFound();
    const current = toRecord(row, d.fields);
    assertChangeable(current);
    return (await checkRecordWrite(ctx, await withModuleRules(tx, caller, body, current, cache), { mode: 'update', current })).size;
  }

  /** The update's changes (null: nothing changed), with the values they replaced by field name. */
  async function updateIn(
    tx: Executor,
    caller: Caller,
    body: { id: number; version: number } & Record<string, unknown>,
  ): Promise<{ before: Record<string, FieldValue> } | null> {
    const d = def();
    const [current] = await lockAll(tx, caller.user, [body.id]);
    assertChangeable(current!);
    if (current!.version !== body.version) throw new AppError(CODE.conflict, 'record.stale');
    const changes = await withModuleRules(tx, caller, body, current);
    const checked = await checkRecordWrite({ db: tx, meta, def: d, user: caller.user, lang: caller.lang }, changes, { mode: 'update', current: current! });
    if (!checked.size) return null;
    const values = withDerivedValues(d, hooks, checked, current);
    const columns = columnsOf(values);
    if ('owner_id' in columns) columns.dept_id = await deptOfOwner(tx, columns.owner_id as number);
    const updated = await createRecordsRepository(tx, d).update(body.id, body.version, { ...columns, update_by: caller.user.userId, update_time: new Date() });
    if (!updated) throw new AppError(CODE.conflict, 'record.stale');
    await createRecordHistory(tx, module).write(
      caller.user,
      [...values].map(([field, value]) => ({
        recordId: body.id,
        action: field.name === 'ownerId' ? 'transfer' : 'update',
        field: field.name,
        oldValue: current![field.name] ?? null,
        newValue: value,
      })),
    );
    return { before: Object.fromEntries([...values.keys()].map((field) => [field.name, current![field.name] ?? null])) };
  }
}
