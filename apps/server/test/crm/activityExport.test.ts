import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { caller } from '../helpers/adminApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Sheet = { headers: string[]; rows: ExcelJS.CellValue[][] };

/**
 * Activities in export (issue 31): the records engine's export route (`POST /crm/activity/export`)
 * writes calls, meetings and notes with their kinds in the user's language, and a rep's file holds
 * the activities of their data scope only — a colleague's are left out, an administrator's file has both.
 */
describe('activity export', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const who: Record<string, Call> = {};
  const tag = `actx-${Date.now()}`;

  async function create(by: Call, body: Record<string, unknown>): Promise<number> {
    const res = await by('POST', '/crm/activity', body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }

  /** Exports the user's activities whose subject has the tag (short: written during the request) and reads the file back. */
  async function exported(user: string, lang = 'en'): Promise<Sheet> {
    const filter = JSON.stringify({ field: 'subject', op: 'contains', value: tag });
    const res = await who[user]!('POST', '/crm/activity/export', { filter, fields: 'kind,subject,ownerId' }, { 'accept-language': lang });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.ready).toBe(true);
    const download = await app.inject({ method: 'GET', url: api(`/userFile/download/${res.body.data.fileId}`), headers: bearer(tokens[user]!) });
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as ExcelJS.CellValue[]).slice(1);
    const rows: ExcelJS.CellValue[][] = [];
    for (let r = 2; r <= sheet.rowCount; r++) rows.push(values(r));
    return { headers: values(1) as string[], rows };
  }

  /** The sheet's rows as `[kind, subject, owner]`, by subject. */
  const triples = (sheet: Sheet, [kind, subject, owner]: [string, string, string]) =>
    sheet.rows
      .map((row) => [kind, subject, owner].map((header) => row[sheet.headers.indexOf(header)]))
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    for (const user of ['olivia.park', 'noah.king', 'admin']) {
      tokens[user] = await loginAs(app, user);
      who[user] = caller(app, tokens[user]);
    }
    const olivia = who['olivia.park']!;
    const noah = who['noah.king']!;
    const oliviaLead = (await olivia('POST', '/crm/leads', { lastName: `${tag} Olivia lead`, company: 'Export Co' })).body.data as number;
    const noahLead = (await noah('POST', '/crm/leads', { lastName: `${tag} Noah lead`, company: 'Export Co' })).body.data as number;
    await create(olivia, { kind: 'call', subject: `${tag} A call`, direction: 'outbound', outcome: 'connected', name: { module: 'leads', id: oliviaLead } });
    await create(olivia, {
      kind: 'meeting', subject: `${tag} B meeting`, name: { module: 'leads', id: oliviaLead }, startAt: '2031-03-10T09:00:00.000Z', endAt: '2031-03-10T10:00:00.000Z',
    });
    await create(olivia, { kind: 'note', subject: `${tag} C note`, name: { module: 'leads', id: oliviaLead }, notes: '<p>Budget agreed</p>' });
    await create(noah, { kind: 'call', subject: `${tag} D Noah's call`, direction: 'inbound', name: { module: 'leads', id: noahLead } });
  });
  afterAll(() => app.teardown());

  it('writes a rep’s calls, meetings and notes with their kinds and subjects, and none of a colleague’s', async () => {
    const sheet = await exported('olivia.park');
    expect(triples(sheet, ['Kind', 'Subject', 'Author'])).toEqual([
      ['Call', `${tag} A call`, 'Olivia Park'],
      ['Meeting', `${tag} B meeting`, 'Olivia Park'],
      ['Note', `${tag} C note`, 'Olivia Park'],
    ]);
    const noah = await exported('noah.king');
    expect(triples(noah, ['Kind', 'Subject', 'Author'])).toEqual([['Call', `${tag} D Noah's call`, 'Noah King']]);
  });

  it('writes the kinds in the user’s language', async () => {
    const sheet = await exported('olivia.park', 'zh');
    expect(triples(sheet, ['类型', '主题', '记录人']).map(([kind, subject]) => [kind, subject])).toEqual([
      ['通话', `${tag} A call`],
      ['会议', `${tag} B meeting`],
      ['备注', `${tag} C note`],
    ]);
  });

  it('gives whoever sees every record everyone’s activities', async () => {
    const sheet = await exported('admin');
    expect(triples(sheet, ['Kind', 'Subject', 'Author']).map(([kind, , owner]) => [kind, owner])).toEqual([
      ['Call', 'Olivia Park'],
      ['Meeting', 'Olivia Park'],
      ['Note', 'Olivia Park'],
      ['Call', 'Noah King'],
    ]);
  });
});
