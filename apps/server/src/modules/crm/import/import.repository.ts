import { and, eq, sql } from 'drizzle-orm';
import { FILE_STATUS } from '@orbit/shared/constants';
import type { FileImportInfo } from '@orbit/shared/contract/files';
import { IMPORT_REVERT_HOURS, type ImportResult, type ImportSettings, type ImportState } from '@orbit/shared/contract/recordImport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../db/client';
import { crmImport } from '../../../db/schema/crmImport';
import { sysUserFile } from '../../../db/schema/files';

export type ImportRow = typeof crmImport.$inferSelect;
type FileRow = typeof sysUserFile.$inferSelect;
export type OwnedImport = { imp: ImportRow; file: FileRow };

/** When an import ended (a run that failed has no end: its start counts), for the revert's window. */
const endOf = (imp: ImportRow) => imp.finishTime ?? imp.runTime;

/**
 * Whether an import can be undone now (by its own user, the only one who can see it): it has run
 * and is not running, it wrote something, it is not undone already (a revert that failed may be
 * asked again), and it ended less than IMPORT_REVERT_HOURS ago.
 */
export function revertRefusal(imp: ImportRow, file: Pick<FileRow, 'status'>, now = Date.now()): 'import.notRevertible' | 'import.revertExpired' | null {
  const end = endOf(imp);
  if (!imp.settings || !end || file.status === FILE_STATUS.generating) return 'import.notRevertible';
  if (imp.revertTime && file.status !== FILE_STATUS.failed) return 'import.notRevertible';
  if (imp.created + imp.updated === 0) return 'import.notRevertible';
  return now - end.getTime() > IMPORT_REVERT_HOURS * 3_600_000 ? 'import.revertExpired' : null;
}

/** The file centre's view of an upload record's import. */
export function fileImportInfo(imp: ImportRow, file: Pick<FileRow, 'status'>): FileImportInfo {
  return {
    module: imp.module as CrmModule,
    started: imp.settings !== null,
    errorFileId: imp.errorFileId,
    reverted: imp.revertTime !== null && file.status === FILE_STATUS.available,
    revertible: revertRefusal(imp, file) === null,
  };
}

export function importState(imp: ImportRow, file: FileRow, mapping: Array<string | null>): ImportState {
  const info = fileImportInfo(imp, file);
  return {
    fileId: file.id,
    fileName: file.fileName,
    headers: imp.headers,
    rowCount: imp.rowCount,
    mapping: imp.settings ? (imp.settings as ImportSettings).mapping : mapping,
    module: info.module,
    settings: (imp.settings as ImportSettings | null) ?? null,
    status: file.status,
    progressDone: file.progressDone,
    progressTotal: file.progressTotal,
    errorMsg: file.errorMsg,
    result: (file.result as ImportResult | null) ?? null,
    errorFileId: imp.errorFileId,
    revertible: info.revertible,
    reverted: info.reverted,
  };
}

export function createImportRepository(db: Executor) {
  return {
    async insert(values: typeof crmImport.$inferInsert): Promise<void> {
      await db.insert(crmImport).values(values);
    },

    /** The caller's own import of this module (another user's, or another module's, is answered like a missing one). */
    async owned(userId: number, module: CrmModule, fileId: number): Promise<OwnedImport | null> {
      const [row] = await db
        .select({ imp: crmImport, file: sysUserFile })
        .from(crmImport)
        .innerJoin(sysUserFile, eq(sysUserFile.id, crmImport.fileId))
        .where(and(eq(crmImport.fileId, fileId), eq(crmImport.userId, userId), eq(crmImport.module, module), eq(sysUserFile.userId, userId)));
      return row ?? null;
    },

    async byFile(fileId: number): Promise<OwnedImport | null> {
      const [row] = await db.select({ imp: crmImport, file: sysUserFile }).from(crmImport).innerJoin(sysUserFile, eq(sysUserFile.id, crmImport.fileId)).where(eq(crmImport.fileId, fileId));
      return row ?? null;
    },

    /** Records the run's settings once: false when it had already started (two clicks, two tabs). */
    async start(fileId: number, settings: ImportSettings): Promise<boolean> {
      const rows = await db
        .update(crmImport)
        .set({ settings, runTime: new Date() })
        .where(and(eq(crmImport.fileId, fileId), sql`${crmImport.settings} is null`))
        .returning({ fileId: crmImport.fileId });
      return rows.length === 1;
    },
  };
}
