import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db, Executor } from '../../../../db/client';
import type { MergeBody } from '@orbit/shared/contract/duplicates';
import { prepareDuplicateGuard, type DuplicateCheck } from '../duplicates/duplicateGuard';
import { mergeRecords } from './mergeRecords';
import type { RemoveOptions } from '../moduleHooks';
import { createRecordIn, createRecordsIn } from './createRecords';
import { hierarchyOf } from './hierarchyTree';
import { countScan, listRecords, scanRecords, type ListOptions, type ScanQuery } from './listRecords';
import { listConditions } from './listShape';
import type { MassUndoRecord } from '@orbit/shared/contract/crm';
import { massTransfer, massUndo, massUpdate } from './massActions';
import { moduleRecordsOf, seenBy, type Caller } from './moduleRecords';
import { lookupOptions, readRecord, recordHistoryPage } from './readRecord';
import { recycleBinPage, removeRecordsIn, restoreRecords } from './recycleBin';
import { checkRecordWriteIn, updateRecordIn, type UpdateBody } from './updateRecord';
import type { WriteCache } from './writeCache';

/**
 * The generic records service: every list, read and write of every business module goes through
 * here, under the caller's data scope, with the module's metadata as the caller may see it (reads
 * through `seenBy`: field-level security), in transactions that carry
 * their field history. Each operation is its own file (records/*.ts); this binds them to a module.
 */
export function createRecordsService(db: Db, module: CrmModule) {
  const m = moduleRecordsOf(db, module);
  return {
    list: (caller: Caller, query: Parameters<typeof listRecords>[2], options?: ListOptions) => listRecords(seenBy(m, caller), caller, query, options),

    /** Every row of a list (or of the selected `ids`), a batch at a time, for an export (listRecords.ts); its rows read through `reader` when given (the reporting replica). */
    scan: (caller: Caller, query: ScanQuery, batchSize?: number, reader?: Executor) => scanRecords(reader ? { ...seenBy(m, caller), reader } : seenBy(m, caller), caller, query, batchSize),

    /**
     * How many rows the export of a list (or of the selected `ids`) would write, its view, filter,
     * columns and sort checked as a list request would (before an export is written or queued).
     */
    countScan: (caller: Caller, query: ScanQuery) => countScan(seenBy(m, caller), caller, query),

    /** The conditions of a list request (scope, view, filter, quick search, owner), for a module's own views of the same list (a board). */
    listConditions: (caller: Caller, query: Parameters<typeof listConditions>[2]) => listConditions(seenBy(m, caller), caller, query),

    get: (caller: Caller, id: number) => readRecord(seenBy(m, caller), db, caller, id),

    /**
     * A create by the form or the API: the module's duplicate rules apply (duplicates/duplicateGuard.ts);
     * `assign`: so do its assignment rules (automation/assignOwners.ts).
     */
    create: (caller: Caller, body: Record<string, unknown>, duplicates: DuplicateCheck = {}, assign = false): Promise<number> =>
      db.transaction((tx) => createRecordIn(m, tx, caller, body, {}, duplicates, assign)),

    /**
     * Creates inside the caller's transaction (lead conversion creates several records in one), from
     * a body the server built: field-level security does not filter it (`Caller.serverBuilt`).
     */
    createIn: (tx: Executor, caller: Caller, body: Record<string, unknown>, systemColumns?: Record<string, unknown>) => createRecordIn(m, tx, { ...caller, serverBuilt: true }, body, systemColumns),

    /** Creates an import's batch inside its transaction (createRecords.ts). */
    createManyIn: (tx: Db, caller: Caller, bodies: Array<Record<string, unknown>>, cache: WriteCache, duplicates?: DuplicateCheck, assign?: boolean[]) =>
      createRecordsIn(m, tx, caller, bodies, cache, duplicates, assign),

    /**
     * Updates under the module's duplicate rules, and answers the record as the update left it (a
     * transfer may take it out of the caller's scope).
     */
    update: (caller: Caller, body: UpdateBody, duplicates: DuplicateCheck = {}) =>
      db.transaction(async (tx) => {
        await updateRecordIn(m, tx, caller, body, duplicates);
        return readRecord(seenBy(m, caller), tx, caller, body.id, true);
      }),

    /** Updates inside the caller's transaction; answers whether anything changed. */
    updateIn: async (tx: Executor, caller: Caller, body: UpdateBody) => (await updateRecordIn(m, tx, caller, body)) !== null,

    /**
     * Updates inside the caller's transaction and answers what it replaced and the version it
     * left, or null when nothing changed — what an import keeps so that it can be undone.
     */
    updateTrackedIn: async (tx: Executor, caller: Caller, body: UpdateBody) => {
      const changed = await updateRecordIn(m, tx, caller, body);
      return changed && { before: changed.before, version: body.version + 1 };
    },

    /** Before the dry run checks a batch of new records one by one: their duplicates asked once a rule (duplicates/duplicateGuard.ts). */
    prepareDuplicateGuardIn: (tx: Executor, caller: Caller, bodies: Array<Record<string, unknown>>, cache: WriteCache) =>
      prepareDuplicateGuard(m, tx, caller, bodies, cache),

    /** An import's dry run of one create or update (updateRecord.ts). */
    checkWriteIn: (tx: Executor, caller: Caller, body: Record<string, unknown>, id?: number, cache?: WriteCache, duplicates?: DuplicateCheck) =>
      checkRecordWriteIn(m, tx, caller, body, id, cache, duplicates),

    remove: (caller: Caller, ids: number[], options: RemoveOptions = {}): Promise<void> => db.transaction((tx) => removeRecordsIn(m, tx, caller, ids, options)),

    /** Moves records to the recycle bin inside the caller's transaction (an import's revert, a batch at a time). */
    removeIn: (tx: Executor, caller: Caller, ids: number[], options: RemoveOptions = {}) => removeRecordsIn(m, tx, caller, ids, options),

    massTransfer: (caller: Caller, ids: number[], ownerId: number) => massTransfer(m, caller, ids, ownerId),

    massUpdate: (caller: Caller, ids: number[], name: string, value: unknown, also?: Record<string, unknown>) => massUpdate(m, caller, ids, name, value, also),

    /** Takes a mass update back (massActions.ts): all the records or none. */
    massUndo: (caller: Caller, records: MassUndoRecord[]) => massUndo(m, caller, records),

    recycleBin: (caller: Caller, page: { pageNum: number; pageSize: number }) => recycleBinPage(seenBy(m, caller), caller, page),

    restore: (caller: Caller, ids: number[]) => restoreRecords(m, caller, ids),

    /** Merges records into a survivor (records/mergeRecords.ts). */
    merge: (caller: Caller, body: MergeBody) => mergeRecords(m, caller, body),

    history: (caller: Caller, id: number, page: { pageNum: number; pageSize: number }) => recordHistoryPage(seenBy(m, caller), caller, id, page),

    /** The tree the record sits in (records/hierarchyTree.ts). */
    hierarchy: (caller: Caller, id: number) => hierarchyOf(db, seenBy(m, caller).def(), caller.user, id),

    /** Options of a lookup picker: records the caller may see, by name, a page at a time. */
    lookup: (caller: Caller, q: string | undefined, page: { pageNum: number; pageSize: number }) => lookupOptions(seenBy(m, caller), caller, q, page),
  };
}
