import { IMPORT_CHECK_ROWS_SHOWN, type ImportCheck } from '@orbit/shared/contract/recordImport';
import type { Db } from '../../../db/client';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import type { ImportPlan } from './importPlan';
import { createBatchImporter } from './importBatch';
import type { DataRow } from './importSheet';
import { openKeptRows } from './keptRows';
import { analyseIfStale, flushPendingIndexEntries } from './tableStatistics';

/** Rows checked together (their duplicates looked up by one query, the database's answers shared). */
const CHECK_BATCH = 500;

/**
 * The dry run: every row read and checked by the engine exactly as the run would write it
 * (`checkWriteIn`: the module's rule, the layout, every value, the database's checks), nothing
 * written and no transaction held, so on PGlite other requests go on meanwhile. Answers what the
 * run would do and the first IMPORT_CHECK_ROWS_SHOWN rows in error with their messages.
 */
export async function checkImport(db: Db, meta: MetadataStore, plan: ImportPlan, upload: string): Promise<ImportCheck> {
  await analyseIfStale(db, plan.def.table);
  await flushPendingIndexEntries(db, plan.def.table);
  const importer = createBatchImporter(db, meta, plan);
  const check: ImportCheck = { rows: 0, create: 0, update: 0, skip: 0, invalid: 0, errors: [] };
  const { rows } = await openKeptRows(upload);
  const checkBatch = async (batch: DataRow[]) => {
    const outcomes = await importer.importBatch(db, batch, false);
    for (const [i, outcome] of outcomes.entries()) {
      check.rows++;
      if (outcome.action === 'fail') {
        check.invalid++;
        if (check.errors.length < IMPORT_CHECK_ROWS_SHOWN) check.errors.push({ row: batch[i]!.rowNo, messages: outcome.messages });
      } else check[outcome.action]++;
    }
  };
  let batch: DataRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length < CHECK_BATCH) continue;
    await checkBatch(batch);
    batch = [];
  }
  if (batch.length) await checkBatch(batch);
  return check;
}
