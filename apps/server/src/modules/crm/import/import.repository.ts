import { and, eq, sql } from 'drizzle-orm';
import { FILE_STATUS } from '@orbit/shared/constants';
import type { FileImportInfo } from '@orbit/shared/contract/files';
import { IMPORT_REVERT_HOURS, type ImportField, type ImportPhase, type ImportResult, type ImportSettings, type ImportState } from '@orbit/shared/contract/recordImport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Executor } from '../../../db/client';
import { crmImport } from '../../../db/schema/crmImport';
import { sysUserFile } from '../../../db/schema/files';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';

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

/**
 * Whether `user` holds the rights an undo of the import uses: it deletes what the import created
 * (`remove`) and edits back what it updated (`edit`) — docs/decisions.md.
 */
export function mayRevert(user: CurrentUser, imp: ImportRow): boolean {
  const p = PERMISSIONS[imp.module as CrmModule];
  return (imp.created === 0 || hasPermission(user, p.remove)) && (imp.updated === 0 || hasPermission(user, p.edit));
}

/** Whether the file centre and the wizard offer an undo of the import to `user`. */
const revertibleBy = (user: CurrentUser, imp: ImportRow, file: Pick<FileRow, 'status'>) => revertRefusal(imp, file) === null && mayRevert(user, imp);

/** Where an import stands, from its upload record's status and whether a revert was asked. */
export function importPhase(imp: ImportRow, file: Pick<FileRow, 'status'>): ImportPhase {
  if (!imp.settings) return 'uploaded';
  if (file.status === FILE_STATUS.failed) return 'failed';
  if (file.status === FILE_STATUS.generating) return imp.revertTime ? 'reverting' : 'importing';
  return imp.revertTime ? 'reverted' : 'imported';
}

/** The file centre's view of an upload record's import. */
export function fileImportInfo(user: CurrentUser, imp: ImportRow, file: Pick<FileRow, 'status'>): FileImportInfo {
  return { module: imp.module as CrmModule, phase: importPhase(imp, file), errorFileId: imp.errorFileId, revertible: revertibleBy(user, imp, file) };
}

/** An upload as the wizard shows it: `fields` and `mapping` are those of the record type it was matched for. */
export function importState(user: CurrentUser, imp: ImportRow, file: FileRow, fields: ImportField[], mapping: Array<string | null>): ImportState {
  const settings = (imp.settings as ImportSettings | null) ?? null;
  return {
    fileId: file.id,
    fileName: file.fileName,
    headers: imp.headers,
    sample: imp.sample,
    rowCount: imp.rowCount,
    recordTypeId: imp.recordTypeId,
    fields,
    mapping: settings?.mapping ?? mapping,
    module: imp.module as CrmModule,
    settings,
    phase: importPhase(imp, file),
    status: file.status,
    progressDone: file.progressDone,
    progressTotal: file.progressTotal,
    errorMsg: file.errorMsg,
    result: (file.result as ImportResult | null) ?? null,
    errorFileId: imp.errorFileId,
    revertible: revertibleBy(user, imp, file),
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
