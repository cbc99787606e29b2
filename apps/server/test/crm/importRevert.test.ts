import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { FILE_STATUS } from '@orbit/shared/constants';
import type { ImportState, ImportUpload } from '@orbit/shared/contract/recordImport';
import { crmImport, crmImportRow } from '../../src/db/schema/crmImport';
import { sysUserFile } from '../../src/db/schema/files';
import { sysJob } from '../../src/db/schema/jobs';
import { importJob } from '../../src/modules/crm/import/recordImport.job';
import { createJobQueue, MAX_ATTEMPTS, type JobRow } from '../../src/modules/jobs/jobQueue';
import { FORBIDDEN_EN, caller, createRole, createUser, deptIds, grantPermissions, NEW_USER_PASSWORD, withdrawPermissions } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { run, uploaded } from '../helpers/importApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/**
 * Undoing an import (within a day, by its own user), and runs interrupted as a killed process
 * interrupts them: each batch commits whole with its checkpoint, a run taken up again goes on
 * from there, and nothing is written twice.
 */
describe('import revert and interrupted runs', () => {
  let app: TestApp;
  let emma: Call;
  let emmaToken: string;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    emmaToken = await loginAs(app, 'emma.stone');
    emma = caller(app, emmaToken);
  });
  afterAll(() => app.teardown());

  const state = async (fileId: number) => (await emma('GET', `/crm/leads/import/${fileId}`)).body.data as ImportState;
  const revert = (call: Call, fileId: number) => call('POST', `/crm/leads/import/${fileId}/revert`);
  const present = async (id: number) => (await emma('GET', `/crm/leads/${id}`)).status === 200;
  const countNamed = async (prefix: string) =>
    Number(
      ((await app.db.execute(sql`select count(*) as n from crm_lead where deleted_at is null and last_name like ${`${prefix}%`}`)) as unknown as { rows: Array<{ n: unknown }> })
        .rows[0]!.n,
    );

  /** An import that updates one lead by e-mail and creates two (as Emma, a sales manager, unless told). */
  async function importWithUpdate(tag: string, as?: { call: Call; token: string }): Promise<{ existing: number; up: ImportUpload; created: number[] }> {
    const { call, token } = as ?? { call: emma, token: emmaToken };
    const existing = await createLead(call, { lastName: `Old${tag}`, email: `old-${tag}@example.com`, company: 'Before Ltd' });
    const up = await uploaded(app, token, 'leads', [
      ['Last Name', 'Email', 'Company'],
      [`Old${tag}`, `old-${tag}@example.com`, 'After Ltd'],
      [`New${tag}A`, `a-${tag}@example.com`, 'New Ltd'],
      [`New${tag}B`, `b-${tag}@example.com`, 'New Ltd'],
    ]);
    const done = await run(app, call, 'leads', up, { duplicateField: 'email', duplicatePolicy: 'update' });
    expect(done.result).toEqual({ created: 2, updated: 1, skipped: 0, failed: 0 });
    const rows = await app.db.select().from(crmImportRow).where(and(eq(crmImportRow.fileId, up.fileId), eq(crmImportRow.action, 'create')));
    return { existing, up, created: rows.map((r) => r.recordId!) };
  }

  it('undoes an import: created records go to the recycle bin, updated ones get their values back; once only', async () => {
    const { existing, up, created } = await importWithUpdate('rv');
    expect(await getRecord(emma, 'leads', existing)).toMatchObject({ company: 'After Ltd', version: 2 });
    expect((await state(up.fileId)).revertible).toBe(true);

    const res = await revert(emma, up.fileId);
    expect(res.body).toMatchObject({ code: 200, msg: 'The import is being undone: follow it in the file centre' });
    expect((await state(up.fileId)).phase).toBe('reverting');
    await app.jobs.drain();

    const after = await state(up.fileId);
    expect(after).toMatchObject({ status: FILE_STATUS.available, phase: 'reverted', revertible: false, result: { created: 2, updated: 1, reverted: 3, revertKept: 0 } });
    expect(await getRecord(emma, 'leads', existing)).toMatchObject({ company: 'Before Ltd', version: 3 });
    for (const id of created) expect(await present(id)).toBe(false);
    const bin = (await emma('GET', '/crm/leads/recycleBin?pageSize=100')).body.rows as Array<{ id: number }>;
    expect(bin.map((r) => r.id)).toEqual(expect.arrayContaining(created));
    const history = (await emma('GET', `/crm/leads/${existing}/history`)).body.rows as Array<{ action: string; field: string; newValue: unknown }>;
    expect(history[0]).toMatchObject({ action: 'update', field: 'company', newValue: 'Before Ltd' });

    const files = await emma('POST', '/userFile/userFilePageList', { type: 0 });
    expect(files.body.rows.find((f: { id: number }) => f.id === up.fileId).importInfo).toMatchObject({ phase: 'reverted', revertible: false });
    const again = await revert(emma, up.fileId);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('This import cannot be undone: it has not run, is still running, or was already undone');
  });

  it('keeps what was changed since the import, and says so', async () => {
    const { existing, up, created } = await importWithUpdate('kept');
    const current = await getRecord(emma, 'leads', existing);
    expect((await emma('PUT', '/crm/leads', { id: existing, version: current.version, city: 'Since' })).body.code).toBe(200);
    await revert(emma, up.fileId);
    await app.jobs.drain();
    expect((await state(up.fileId)).result).toMatchObject({ reverted: 2, revertKept: 1 });
    expect(await getRecord(emma, 'leads', existing)).toMatchObject({ company: 'After Ltd', city: 'Since' });
    for (const id of created) expect(await present(id)).toBe(false);
  });

  it('is refused after a day, to anyone but its user, and without add', async () => {
    const { up } = await importWithUpdate('late');
    const admin = caller(app, await loginAs(app, 'admin'));
    const other = caller(app, await loginAs(app, 'olivia.park'));
    expect((await revert(admin, up.fileId)).status).toBe(404);
    expect((await revert(other, up.fileId)).status).toBe(404);
    expect((await revert(caller(app, await loginAs(app, 'sophia.reed')), up.fileId)).status).toBe(403);

    await app.db.update(crmImport).set({ finishTime: new Date(Date.now() - 25 * 3_600_000) }).where(eq(crmImport.fileId, up.fileId));
    const late = await revert(emma, up.fileId);
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('An import can be undone only within 24 hours of its end');
    expect((await state(up.fileId)).revertible).toBe(false);
    const zh = await emma('POST', `/crm/leads/import/${up.fileId}/revert`, undefined, { 'accept-language': 'zh' });
    expect(zh.body.msg).toBe('导入结束 24 小时后不能再撤销');
  });

  describe('an undo needs the permissions of what it undoes: delete for what it created, edit for what it updated', () => {
    let roleId: number;
    let undoer: { call: Call; token: string };
    let admin: Call;
    const withdraw = (perm: string) => withdrawPermissions(admin, roleId, [perm]);
    const grant = (perm: string) => grantPermissions(admin, roleId, [perm]);
    const unchanged = async (existing: number, created: number[]) => {
      expect(await getRecord(undoer.call, 'leads', existing)).toMatchObject({ company: 'After Ltd' });
      for (const id of created) expect((await undoer.call('GET', `/crm/leads/${id}`)).status).toBe(200);
    };

    beforeAll(async () => {
      admin = caller(app, await loginAs(app, 'admin'));
      const L = PERMISSIONS.leads;
      roleId = await createRole(admin, 'undo_tester', [L.list, L.query, L.add, L.edit, L.remove], '5');
      await createUser(admin, 'undo.tester', (await deptIds(admin))['Sales East']!, [roleId]);
      const token = await loginAs(app, 'undo.tester', NEW_USER_PASSWORD);
      undoer = { call: caller(app, token), token };
    });

    it('is refused when asked without delete for created records (a sales rep cannot delete leads), changing nothing', async () => {
      // Issue 27: Olivia may add and edit leads, not delete them; undoing her import moved what it created to the recycle bin.
      const oliviaToken = await loginAs(app, 'olivia.park');
      const olivia = caller(app, oliviaToken);
      const { existing, up, created } = await importWithUpdate('norm', { call: olivia, token: oliviaToken });
      const res = await revert(olivia, up.fileId);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(FORBIDDEN_EN);
      // Nor is it offered to her, in the wizard or the file centre.
      expect((await olivia('GET', `/crm/leads/import/${up.fileId}`)).body.data).toMatchObject({ phase: 'imported', revertible: false });
      const uploads = await olivia('POST', '/userFile/userFilePageList', { type: 0, pageNum: 1, pageSize: 10 });
      expect(uploads.body.rows.find((f: { id: number }) => f.id === up.fileId).importInfo).toMatchObject({ phase: 'imported', revertible: false });
      expect(await getRecord(olivia, 'leads', existing)).toMatchObject({ company: 'After Ltd' });
      for (const id of created) expect((await olivia('GET', `/crm/leads/${id}`)).status).toBe(200);

      // An import that only updated needs edit alone: she may undo that one.
      const only = await createLead(olivia, { lastName: 'OnlyUpd', email: 'only-upd@example.com', company: 'Before Ltd' });
      const up2 = await uploaded(app, oliviaToken, 'leads', [['Last Name', 'Email', 'Company'], ['OnlyUpd', 'only-upd@example.com', 'After Ltd']]);
      await run(app, olivia, 'leads', up2, { duplicateField: 'email', duplicatePolicy: 'update' });
      expect((await olivia('GET', `/crm/leads/import/${up2.fileId}`)).body.data).toMatchObject({ revertible: true });
      expect((await revert(olivia, up2.fileId)).body.code).toBe(200);
      await app.jobs.drain();
      expect(await getRecord(olivia, 'leads', only)).toMatchObject({ company: 'Before Ltd' });
    });

    it('is refused when asked without edit for updated records', async () => {
      const { existing, up, created } = await importWithUpdate('noedit', undoer);
      await withdraw(PERMISSIONS.leads.edit);
      try {
        const res = await revert(undoer.call, up.fileId);
        expect(res.status).toBe(403);
        await unchanged(existing, created);
      } finally {
        await grant(PERMISSIONS.leads.edit);
      }
    });

    for (const perm of ['remove', 'edit'] as const) {
      it(`fails when it runs if ${perm} was taken away after it was asked, undoing nothing, with the reason`, async () => {
        const { existing, up, created } = await importWithUpdate(`late${perm}`, undoer);
        expect((await revert(undoer.call, up.fileId)).body.code).toBe(200);
        await withdraw(PERMISSIONS.leads[perm]);
        try {
          await app.jobs.drain();
          const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, up.fileId));
          expect(file).toMatchObject({ status: FILE_STATUS.failed, errorMsg: FORBIDDEN_EN });
          const rows = await app.db.select().from(crmImportRow).where(eq(crmImportRow.fileId, up.fileId));
          expect(rows.every((row) => row.revert === null)).toBe(true);
          await unchanged(existing, created);
        } finally {
          await grant(PERMISSIONS.leads[perm]);
        }
      });
    }
  });

  it('refuses to undo an import that has not run', async () => {
    const up = await uploaded(app, emmaToken, 'leads', [['Last Name'], ['Never']]);
    expect((await revert(emma, up.fileId)).status).toBe(400);
  });

  describe('a run whose process is killed', () => {
    const rows = (tag: string, n: number) => [['Last Name', 'Email'], ...Array.from({ length: n }, (_, i) => [`${tag}${i}`, `${tag.toLowerCase()}${i}@example.com`])];
    const claim = async (worker: string) => (await createJobQueue(app.db).claim(worker))!;
    /** Runs a claimed job in batches of 2 and "kills the process" once the data row `at` is written, inside its batch's transaction. */
    const killedRun = (job: JobRow, at: number) =>
      importJob({
        batchSize: 2,
        afterRow: (row) => {
          if (row.index === at) throw new Error('process killed');
        },
      })({ db: app.db, reporting: app.reporting, config: app.config, job, payload: job.payload as never, progress: async () => undefined });
    /** The process stopped beating: the job is taken up again (or failed after its attempts). */
    const reap = async (job: JobRow) => {
      await app.db.update(sysJob).set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) }).where(eq(sysJob.id, job.id));
      await createJobQueue(app.db).reapStale(new Date(Date.now() - 60_000));
    };

    it('keeps the batches it committed, none of the one it was in, and completes on retry with no duplicates', async () => {
      const up = await uploaded(app, emmaToken, 'leads', rows('Crash', 7));
      expect((await emma('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping, duplicateField: 'email', duplicatePolicy: 'skip' })).body.code).toBe(200);
      const job = await claim('doomed-worker');
      await expect(killedRun(job, 4)).rejects.toThrow('process killed');

      // Two batches of two committed with their checkpoint; the third, killed after its first row, left nothing.
      const [checkpoint] = await app.db.select().from(crmImport).where(eq(crmImport.fileId, up.fileId));
      expect(checkpoint).toMatchObject({ nextRow: 4, created: 4 });
      expect(await countNamed('Crash')).toBe(4);
      expect((await state(up.fileId)).status).toBe(FILE_STATUS.generating);

      await reap(job);
      await app.jobs.drain();
      const done = await state(up.fileId);
      expect(done).toMatchObject({ status: FILE_STATUS.available, result: { created: 7, updated: 0, skipped: 0, failed: 0 } });
      expect(await countNamed('Crash')).toBe(7);
      const names = ((await app.db.execute(sql`select last_name from crm_lead where last_name like 'Crash%' and deleted_at is null`)) as unknown as { rows: Array<{ last_name: string }> }).rows;
      expect(new Set(names.map((r) => r.last_name)).size).toBe(7);
      const created = await app.db.select().from(crmImportRow).where(eq(crmImportRow.fileId, up.fileId));
      expect(created).toHaveLength(7);
    });

    it('a process presumed dead whose job was taken over writes nothing more', async () => {
      const up = await uploaded(app, emmaToken, 'leads', rows('Slow', 3));
      await emma('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping });
      const slow = await claim('slow-worker');
      await reap(slow);
      const taken = await claim('new-worker');
      expect(taken.id).toBe(slow.id);
      // The slow process wakes up and tries its first batch: refused, nothing written.
      await expect(importJob({ batchSize: 2 })({ db: app.db, reporting: app.reporting, config: app.config, job: slow, payload: slow.payload as never, progress: async () => undefined })).rejects.toThrow();
      expect(await countNamed('Slow')).toBe(0);
      const outcome = await importJob({ batchSize: 2 })({ db: app.db, reporting: app.reporting, config: app.config, job: taken, payload: taken.payload as never, progress: async () => undefined });
      expect(outcome.result).toEqual({ created: 3, updated: 0, skipped: 0, failed: 0 });
      expect(await countNamed('Slow')).toBe(3);
      await createJobQueue(app.db).complete(taken, 'new-worker', outcome);
    });

    it('killed on every attempt, it ends failed with the reason, never half a batch, and what it wrote can be undone', async () => {
      const up = await uploaded(app, emmaToken, 'leads', rows('Doomed', 9));
      await emma('POST', `/crm/leads/import/${up.fileId}/run`, { mapping: up.mapping });
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const job = await claim(`doomed-${attempt}`);
        await expect(killedRun(job, 2 + 2 * attempt)).rejects.toThrow('process killed');
        await reap(job);
      }
      const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, up.fileId));
      expect(file).toMatchObject({ status: FILE_STATUS.failed, errorMsg: 'The server stopped while this file was being generated; please try again' });
      expect((await state(up.fileId)).phase).toBe('failed');
      // The second attempt went on from the first one's checkpoint: batches are whole, never repeated.
      expect(await countNamed('Doomed')).toBe(6);
      expect((await state(up.fileId)).revertible).toBe(true);
      await revert(emma, up.fileId);
      await app.jobs.drain();
      expect(await countNamed('Doomed')).toBe(0);
      expect((await state(up.fileId)).result).toMatchObject({ reverted: 6, revertKept: 0 });
    });
  });
});
