import { IMPORT_CHECK_ROWS_SHOWN, type ImportCheck } from '@orbit/shared/contract/recordImport';
import type { Db } from '../../../db/client';
import type { MetadataStore } from '../engine/metadata/metadataStore';
import type { ImportPlan } from './importPlan';
import { createRowImporter } from './importRow';
import { openImportSheet } from './importSheet';

/**
 * The dry run: every row read and checked by the engine exactly as the run would write it
 * (`checkWriteIn`: the module's rule, the layout, every value, the database's checks), nothing
 * written and no transaction held, so on PGlite other requests go on meanwhile. Answers what the
 * run would do and the first IMPORT_CHECK_ROWS_SHOWN rows in error with their messages.
 */
export async function checkImport(db: Db, meta: MetadataStore, plan: ImportPlan, upload: string): Promise<ImportCheck> {
  const importer = createRowImporter(db, meta, plan);
  const check: ImportCheck = { rows: 0, create: 0, update: 0, skip: 0, invalid: 0, errors: [] };
  const { rows } = await openImportSheet(upload);
  for await (const row of rows) {
    const outcome = await importer.importRow(db, row, false);
    check.rows++;
    if (outcome.action === 'fail') {
      check.invalid++;
      if (check.errors.length < IMPORT_CHECK_ROWS_SHOWN) check.errors.push({ row: row.rowNo, messages: outcome.messages });
    } else check[outcome.action]++;
  }
  return check;
}
