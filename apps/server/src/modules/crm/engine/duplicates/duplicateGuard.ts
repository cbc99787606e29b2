import { CODE } from '@orbit/shared/constants';
import type { DuplicateFound } from '@orbit/shared/contract/duplicates';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { Executor } from '../../../../db/client';
import { AppError } from '../../../../lib/errors';
import type { Caller, ModuleRecords } from '../records/moduleRecords';
import { NO_CACHE, type WriteCache } from '../records/writeCache';
import { rulesOf } from './duplicateRules';
import { findDuplicates, knownUnmatched } from './findDuplicates';

/**
 * A write asking for its module's duplicate rules: `override` saves despite a warning (never a
 * blocking rule) and keeps the reason in the record's history.
 */
export type DuplicateCheck = { override?: { reason: string }; forImport?: boolean };

/** The refusal of a write that matches a rule: 409 with the matches in `data` (an import's row: its message only). */
export function duplicateError(found: DuplicateFound, forImport = false): AppError {
  const params = { rule: found.ruleName, count: String(found.matches.length + found.hiddenCount) };
  if (forImport) return new AppError(CODE.conflict, found.action === 'block' ? 'duplicate.importBlocked' : 'duplicate.importWarned', params);
  return new AppError(CODE.conflict, found.action === 'block' ? 'duplicate.blocked' : 'duplicate.found', params, undefined, found);
}

/** The module's active rules, blocking ones first (a warning that could be overridden never hides a block); an import's batch reads them once (records/writeCache.ts). */
async function activeRules(m: ModuleRecords, tx: Executor, caller: Caller, cache: WriteCache) {
  const rules = [...(await cache.remember('duplicateRules', () => rulesOf(tx, m.module, caller.lang, true)))];
  return rules.sort((a, b) => Number(a.action !== 'block') - Number(b.action !== 'block'));
}

/**
 * Before a batch of new records (`valuesList`, by field name) is guarded one by one, asks the
 * database once a rule which of them match anything, so that only those are asked about again.
 */
export async function prepareDuplicateGuard(m: ModuleRecords, tx: Executor, caller: Caller, valuesList: ReadonlyArray<Readonly<Record<string, unknown>>>, cache: WriteCache): Promise<void> {
  if (valuesList.length > 1) await knownUnmatched(tx, m.def(), await activeRules(m, tx, caller, cache), valuesList, cache);
}

/**
 * Applies the module's active duplicate rules to a record as a write leaves it (`values` by field
 * name; `selfId` and the `changed` field names on an update, where only rules comparing a changed
 * field apply — editing a record's notes does not ask again about the duplicate it was saved as).
 * Throws a blocking match, and a warning unless overridden; answers the matched warning when the
 * override let it pass (undefined when nothing matched).
 */
export async function guardDuplicates(
  m: ModuleRecords,
  tx: Executor,
  caller: Caller,
  values: Readonly<Record<string, FieldValue | undefined>>,
  check: DuplicateCheck,
  update?: { selfId: number; changed: ReadonlySet<string> },
  cache: WriteCache = NO_CACHE,
): Promise<DuplicateFound | undefined> {
  let rules = await activeRules(m, tx, caller, cache);
  if (update) rules = rules.filter((rule) => rule.conditions.some((c) => update.changed.has(c.field)));
  if (!rules.length) return undefined;
  const found = await findDuplicates(tx, m.def(), caller.user, rules, values, update?.selfId, cache);
  if (!found) return undefined;
  if (found.action === 'block' || !check.override) throw duplicateError(found, check.forImport);
  return found;
}
