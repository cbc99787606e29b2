import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORBIDDEN_EN, caller, userIds } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type UndoRecord = { id: number; version: number; values: Record<string, unknown> };

const STALE_EN = 'Someone else changed this record after you opened it. Reload it to see their changes, then make yours again.';
const STALE_ZH = '您打开此记录后，其他人修改了它。请重新加载查看他们的修改，然后再进行您的修改。';

/**
 * A list grid's inline edit and the undo toasts (issue 36, item 8). An inline edit is the engine's
 * ordinary update of one field — permission, data scope, layout, value checks, version — and its
 * undo is another such update at the version the edit left. A mass update answers what each
 * record had before (`undo`), and `POST /crm/{m}/mass/undo` gives it back: all records or none.
 */
describe('inline edit and undo', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let noah: Call;
  let sophia: Call;
  let ids: Record<string, number>;

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  const statusAndVersion = async (table: string, idList: number[]) =>
    rows<{ id: number; status: string; version: number }>(sql`select id::int, status, version from ${sql.identifier(table)} where id in ${idList} order by id`);

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    ids = await userIds(admin);
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    sophia = caller(app, await loginAs(app, 'sophia.reed'));
  });
  afterAll(() => app.teardown());

  describe('an inline edit', () => {
    it('saves one field at the row’s version, and a second edit from the same stale row is refused in the user’s language', async () => {
      const id = await createLead(olivia, { lastName: 'Grid', company: 'Cells Ltd', status: 'new' });
      const saved = await olivia('PUT', '/crm/leads', { id, version: 1, company: 'Cells Group' });
      expect(saved.body).toMatchObject({ code: 200, data: { company: 'Cells Group', status: 'new', version: 2 } });

      for (const [lang, message] of [['en', STALE_EN], ['zh', STALE_ZH]] as const) {
        const stale = await olivia('PUT', '/crm/leads', { id, version: 1, status: 'contacted' }, { 'accept-language': lang });
        expect(stale.status).toBe(409);
        expect(stale.body.msg).toBe(message);
      }
      expect(await getRecord(olivia, 'leads', id)).toMatchObject({ company: 'Cells Group', status: 'new', version: 2 });
    });

    it('is undone by the update path at the version it left: the value comes back, with its history', async () => {
      const id = await createLead(olivia, { lastName: 'Undo', rating: 'warm' });
      const edited = await olivia('PUT', '/crm/leads', { id, version: 1, rating: 'hot' });
      expect(edited.body.data.version).toBe(2);
      const undone = await olivia('PUT', '/crm/leads', { id, version: 2, rating: 'warm' });
      expect(undone.body).toMatchObject({ code: 200, data: { rating: 'warm', version: 3 } });
      const history = await rows<{ old: string; new: string }>(
        sql`select old_value as old, new_value as new from crm_record_history where module = 'leads' and record_id = ${id} and field = 'rating' order by id`,
      );
      expect(history).toEqual([
        { old: 'warm', new: 'hot' },
        { old: 'hot', new: 'warm' },
      ]);
      // An undo from a toast shown before someone else's change is stale like any other write.
      expect((await olivia('PUT', '/crm/leads', { id, version: 2, rating: 'warm' })).status).toBe(409);
    });

    it('needs edit (403), the record in scope (404), a valid value (400 on the field), and then changes nothing', async () => {
      const id = await createLead(olivia, { lastName: 'Guarded', email: 'guarded@example.com' });
      const forbidden = await sophia('PUT', '/crm/leads', { id, version: 1, company: 'Nope' });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.msg).toBe(FORBIDDEN_EN);
      const outOfScope = await noah('PUT', '/crm/leads', { id, version: 1, company: 'Nope' });
      expect(outOfScope.status).toBe(404);
      expect(outOfScope.body.msg).toBe('The record does not exist or you have no access to it');
      const invalid = await olivia('PUT', '/crm/leads', { id, version: 1, email: 'not an e-mail' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors).toEqual({ email: 'Email has an invalid value' });
      const unknown = await olivia('PUT', '/crm/leads', { id, version: 1, 'no\u0000such': 'x' });
      expect(unknown.status).toBe(400);
      expect(await getRecord(olivia, 'leads', id)).toMatchObject({ email: 'guarded@example.com', company: null, version: 1 });
    });

    it('ignores what it sends for a read-only field (the grid offers no editor there): the record is left as it was', async () => {
      const id = await createLead(olivia, { lastName: 'Stamped' });
      const res = await olivia('PUT', '/crm/leads', { id, version: 1, createTime: '2000-01-01T00:00:00.000Z' });
      expect(res.body.code).toBe(200);
      const record = await getRecord(olivia, 'leads', id);
      expect(record.version).toBe(1);
      expect(record.createTime).not.toBe('2000-01-01T00:00:00.000Z');
    });
  });

  describe('a mass update’s undo', () => {
    it('answers, for each record it changed, the value it replaced and the version it left; the undo restores them all', async () => {
      const a = await createLead(olivia, { lastName: 'MassA', status: 'new' });
      const b = await createLead(olivia, { lastName: 'MassB', status: 'qualified' });
      const c = await createLead(olivia, { lastName: 'MassC', status: 'contacted' });
      const res = await olivia('POST', '/crm/leads/mass/update', { ids: [a, b, c], field: 'status', value: 'contacted' });
      expect(res.body).toMatchObject({ code: 200, data: 2 });
      const undo = res.body.undo as UndoRecord[];
      expect(undo.sort((x, y) => x.id - y.id)).toEqual([
        { id: a, version: 2, values: { status: 'new' } },
        { id: b, version: 2, values: { status: 'qualified' } },
      ]);

      const undone = await olivia('POST', '/crm/leads/mass/undo', { records: undo });
      expect(undone.body).toMatchObject({ code: 200, data: 2 });
      expect(await statusAndVersion('crm_lead', [a, b, c])).toEqual([
        { id: a, status: 'new', version: 3 },
        { id: b, status: 'qualified', version: 3 },
        { id: c, status: 'contacted', version: 1 },
      ]);
      const history = await rows<{ id: number; old: string; new: string }>(
        sql`select record_id::int as id, old_value as old, new_value as new from crm_record_history where module = 'leads' and record_id in ${[a, b]} and field = 'status' order by id`,
      );
      expect(history.filter((h) => h.id === a).map((h) => [h.old, h.new])).toEqual([
        ['new', 'contacted'],
        ['contacted', 'new'],
      ]);

      // Undone once: the versions moved on, so the same undo again is stale and changes nothing.
      const again = await olivia('POST', '/crm/leads/mass/undo', { records: undo }, { 'accept-language': 'zh' });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(STALE_ZH);
      expect((await statusAndVersion('crm_lead', [a, b])).map((r) => r.version)).toEqual([3, 3]);
    });

    it('restores all records or none: one changed since refuses the whole undo as stale', async () => {
      const a = await createLead(olivia, { lastName: 'AtomA', rating: 'cold' });
      const b = await createLead(olivia, { lastName: 'AtomB', rating: 'cold' });
      const res = await olivia('POST', '/crm/leads/mass/update', { ids: [a, b], field: 'rating', value: 'hot' });
      const undo = res.body.undo as UndoRecord[];
      expect(undo).toHaveLength(2);
      // Someone edits b after the mass update.
      expect((await admin('PUT', '/crm/leads', { id: b, version: 2, company: 'Changed meanwhile' })).body.code).toBe(200);

      const refused = await olivia('POST', '/crm/leads/mass/undo', { records: undo });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(STALE_EN);
      const ratings = await rows<{ id: number; rating: string }>(sql`select id::int, rating from crm_lead where id in ${[a, b]} order by id`);
      expect(ratings).toEqual([
        { id: a, rating: 'hot' },
        { id: b, rating: 'hot' },
      ]);
    });

    it('takes back what the module’s rule changed with the field: an opportunity’s probability with its stage', async () => {
      const accountRes = await olivia('POST', '/crm/account', { name: 'Undo Stage Account' });
      const account = accountRes.body.data as number;
      const opp = await olivia('POST', '/crm/opportunity', { name: 'Undo stage', accountId: account, stage: 'prospecting', closeDate: '2027-03-01', amount: '1000.00' });
      expect(opp.body.code, opp.body.msg).toBe(200);
      const id = opp.body.data as number;
      const before = await getRecord(olivia, 'opportunity', id);
      const res = await olivia('POST', '/crm/opportunity/mass/update', { ids: [id], field: 'stage', value: 'negotiation' });
      expect(res.body.code, res.body.msg).toBe(200);
      const undo = res.body.undo as UndoRecord[];
      expect(undo).toEqual([{ id, version: 2, values: { stage: 'prospecting', probability: before.probability } }]);
      expect((await getRecord(olivia, 'opportunity', id)).probability).not.toBe(before.probability);

      expect((await olivia('POST', '/crm/opportunity/mass/undo', { records: undo })).body.code).toBe(200);
      expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'prospecting', probability: before.probability, version: 3 });
    });

    it('reopens completed tasks: their completion time follows the restored status', async () => {
      const created = await olivia('POST', '/crm/task', { subject: 'Undo complete', dueDate: '2026-11-20', status: 'in_progress' });
      const id = created.body.data as number;
      const res = await olivia('POST', '/crm/task/mass/update', { ids: [id], field: 'status', value: 'completed' });
      expect((await getRecord(olivia, 'task', id)).completedAt).toEqual(expect.any(String));
      const undo = res.body.undo as UndoRecord[];
      expect(undo[0]!.values).toMatchObject({ status: 'in_progress', completedAt: null });
      expect((await olivia('POST', '/crm/task/mass/undo', { records: undo })).body.code).toBe(200);
      expect(await getRecord(olivia, 'task', id)).toMatchObject({ status: 'in_progress', completedAt: null });
    });

    it('needs edit (403) and every record in scope (404, nothing restored); bad bodies are refused (400)', async () => {
      const mine = await createLead(olivia, { lastName: 'ScopeA', status: 'new' });
      const res = await olivia('POST', '/crm/leads/mass/update', { ids: [mine], field: 'status', value: 'qualified' });
      const undo = res.body.undo as UndoRecord[];
      const noahs = await createLead(admin, { lastName: 'NoahOwn', status: 'new', ownerId: ids['noah.king'] });

      const forbidden = await sophia('POST', '/crm/leads/mass/undo', { records: undo });
      expect(forbidden.status).toBe(403);
      const outOfScope = await olivia('POST', '/crm/leads/mass/undo', { records: [...undo, { id: noahs, version: 1, values: { status: 'qualified' } }] });
      expect(outOfScope.status).toBe(404);
      expect(outOfScope.body.msg).toBe('Some of the selected records do not exist or you have no access to them: nothing was changed');
      expect(await statusAndVersion('crm_lead', [mine, noahs])).toEqual([
        { id: mine, status: 'qualified', version: 2 },
        { id: noahs, status: 'new', version: 1 },
      ]);

      const bad = [
        { records: [] },
        { records: [{ id: mine, version: 2, values: {} }] },
        { records: [{ id: mine, version: 2, values: { status: 'new\u0000' } }] },
        { records: [{ id: '1; drop table crm_lead', version: 2, values: { status: 'new' } }] },
        { records: [{ id: mine, version: 2, values: { noSuchField: 'x' } }] },
        { records: [{ id: mine, version: 2, values: { status: 'bogus' } }] },
        { records: [{ id: mine, version: 2, values: { lastName: 'x'.repeat(100_000) } }] },
      ];
      for (const body of bad) {
        const refused = await olivia('POST', '/crm/leads/mass/undo', body);
        expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
      expect(await getRecord(olivia, 'leads', mine)).toMatchObject({ status: 'qualified', lastName: 'ScopeA', version: 2 });
    });
  });
});
