import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { MessageKey } from '@orbit/shared/messages';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import type { CurrentUser } from '../../auth/currentUser';
import type { BoardTotal } from './board/boardTotals';
import type { FieldDef } from './metadata/fieldDef';
import type { MetadataStore, ModuleDef } from './metadata/moduleDef';
import type { WriteCache } from './records/writeCache';

/** What a hook run inside a write's transaction gets: the transaction, the metadata and who is asking. */
export type HookContext = { tx: Executor; meta: MetadataStore; user: CurrentUser; lang: Language };

/**
 * What the caller asked to happen to the records that depend on the ones deleted (an account's
 * opportunities): by default nothing, and a delete that would leave them behind is refused.
 */
export type RemoveOptions = { dependents?: 'delete' };

/** What a module's write hook sees: the request's changes and, on an update, the record as it is (locked). */
export type WriteRequest = {
  db: Executor;
  def: ModuleDef;
  lang: Language;
  body: Record<string, unknown>;
  /** Absent on a create. */
  current?: CrmRecord;
  /** Answers shared by the writes of one batch (an import's); ask the database through it. */
  cache: WriteCache;
};

/**
 * What a module adds to the engine's generic writes (given in its `<module>.module.ts`,
 * engine/crmModules.ts): a rule on which records may change at all (a converted lead is
 * read-only); a rule run before a create or update that may complete the changes (an
 * opportunity's probability from its stage) or refuse them (by throwing an AppError); what happens
 * to the records that depend on deleted ones (an account's opportunities).
 */
export type ModuleHooks = {
  /** Why the record may not be changed (update, mass update, transfer), or undefined when it may. */
  lockedReason?(record: CrmRecord): MessageKey | undefined;
  /**
   * Before the records (locked, in the caller's scope) go to the recycle bin, in the same
   * transaction: refuse (throw), or delete what depends on them too.
   */
  beforeRemove?(ctx: HookContext, records: CrmRecord[], options: RemoveOptions): Promise<void>;
  /** Before deleted records come back from the recycle bin, in the same transaction: bring back what was deleted with them. */
  beforeRestore?(ctx: HookContext, ids: number[]): Promise<void>;
  /**
   * Runs before the engine checks a create, update or mass update (inside its transaction); answers
   * the body to check and write instead (values it adds are checked like the caller's own).
   */
  beforeWrite?(request: WriteRequest): Promise<Record<string, unknown>>;
  /**
   * Values of read-only fields that follow from a create or an update (every path: form, inline
   * edit, mass update, conversion), given the record as the write leaves it and as it was
   * (undefined on create); written and recorded in history with the write (records/derivedValues.ts).
   */
  derivedValues?(next: Readonly<Record<string, FieldValue | undefined>>, current: CrmRecord | undefined): Record<string, FieldValue>;
  /**
   * Before records deleted more than RECYCLE_BIN_DAYS ago are removed for good (in the purge's
   * transaction, after their history): remove what only they used (a campaign's members).
   */
  beforePurge?(tx: Executor, ids: number[]): Promise<void>;
  /**
   * This module's own link rows to records of another module (the key) that a merge of those
   * records moves to the survivor, in the merge's transaction (records/mergeRecords.ts): a
   * campaign's members (leads), an opportunity's contact roles (contacts). Lookup and related-record
   * fields need nothing here: the engine re-points every one of them from metadata.
   */
  mergeLinks?: Partial<Record<CrmModule, (ctx: HookContext, survivorId: number, mergedIds: number[]) => Promise<void>>>;
  /**
   * Keys of a create's or update's body that are not fields but the module's own rows (a meeting's
   * attendees, the users a note mentions): taken out before the engine checks the fields, and
   * handed to `afterWrite` in the same transaction (an unknown key is still refused).
   */
  bodyKeys?: readonly string[];
  /** After a create or update through the API wrote the record (in its transaction): what `bodyKeys` carried. Throw to refuse it all. */
  afterWrite?(ctx: HookContext, write: { id: number; extra: Record<string, unknown>; before?: CrmRecord }): Promise<void>;
  /**
   * Which records a caller may change — update, delete, transfer, merge — instead of their data
   * scope (an activity: its author, or an editor of a record it names). `alias`: the table's alias
   * in a statement that joins several (else its columns are unqualified). Undefined: the data scope.
   */
  changeScope?(user: CurrentUser, alias?: string): SQL | undefined;
  /**
   * A board's totals per value of `field` from totals the module keeps (an opportunity's pipeline per
   * stage), asked only when nothing but the data and owner scope (`byOwner`) decides the rows; each
   * value's count and the module's board sums, equal to what the engine's grouped statement answers.
   * Undefined: the engine aggregates the rows (engine/board/boardTotals.ts).
   */
  keptBoardTotals?(db: Db, field: FieldDef, byOwner: SQL[]): Promise<BoardTotal[] | undefined>;
};
