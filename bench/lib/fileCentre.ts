import type pg from 'pg';

export type FileRecord = { status: number; error_msg: string; storage_path: string | null; progress_done: number };

/**
 * Waits for a file-centre record to leave "being generated" (status 0), looking four times a
 * second, and answers it; throws the record's reason when it ends failed, so a benchmark never
 * times a failure.
 */
export async function waitForFile(pool: pg.Pool, fileId: number, what: string): Promise<FileRecord> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const { rows: [file] } = await pool.query<FileRecord>('select status, error_msg, storage_path, progress_done from sys_user_file where id = $1', [fileId]);
    if (file!.status === 0) continue;
    if (file!.status !== 1) throw new Error(`${what} failed: ${file!.error_msg}`);
    return file!;
  }
}
