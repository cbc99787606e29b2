import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FORBIDDEN_EN, caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { exportedWorkbook } from '../helpers/fileJobs';

type Call = ReturnType<typeof caller>;

/** A report exported through the file centre: its figures and its records, as its viewer runs it. */
describe('report export', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const as: Record<string, Call> = {};
  let pipeline: number;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    for (const name of ['admin', 'emma.stone', 'sophia.reed']) {
      tokens[name] = await loginAs(app, name);
      as[name] = caller(app, tokens[name]);
    }
    const templates = await as.admin!('GET', '/crm/report/list?kind=templates&pageSize=50');
    pipeline = (templates.body.rows as Array<{ id: number; name: string }>).find((r) => r.name === 'Pipeline by stage')!.id;
  });
  afterAll(() => app.teardown());

  async function exported(user: string, id: number, lang = 'en'): Promise<ExcelJS.Workbook> {
    return exportedWorkbook(app, tokens[user]!, await as[user]!('POST', `/crm/report/${id}/export`, {}, { 'accept-language': lang }));
  }
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return rows;
  };

  it('writes the grouped figures with their total and every record, as the viewer runs the report', async () => {
    for (const user of ['admin', 'emma.stone']) {
      const run = await as[user]!('GET', `/crm/report/${pipeline}/run?pageSize=10`);
      const workbook = await exported(user, pipeline);
      const [summary, records] = workbook.worksheets;
      expect(summary!.name).toBe('Summary');
      const figures = rowsOf(summary!);
      // The money column names the currency its figures are in, and its cells are written in it.
      expect(figures[0]).toEqual(['Stage', `Sum of Amount (${run.body.data.currency})`, 'Record Count']);
      expect(summary!.getRow(2).getCell(2).numFmt).toContain('$');
      const total = figures.find((r) => r[0] === 'Total')!;
      expect(total[2]).toBe(run.body.data.total);
      // Stage labels, not stored values.
      expect(figures.map((r) => r[0])).toContain('Prospecting');
      expect(records!.name).toBe('Records');
      expect(rowsOf(records!)).toHaveLength(run.body.data.total + 1);
    }
  });

  it('speaks Chinese when asked in Chinese', async () => {
    const [summary, records] = (await exported('admin', pipeline, 'zh')).worksheets;
    expect(summary!.name).toBe('汇总');
    expect(records!.name).toBe('明细');
    expect(rowsOf(summary!).some((r) => r[0] === '合计')).toBe(true);
    expect(rowsOf(summary!)[0]![1]).toMatch(/（USD）$/);
  });

  it('is refused without the report export permission, and for a report the caller cannot see', async () => {
    const refused = await as['sophia.reed']!('POST', `/crm/report/${pipeline}/export`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(FORBIDDEN_EN);
    expect((await as.admin!('POST', '/crm/report/999999/export', {})).status).toBe(404);
    expect((await as.admin!('POST', `/crm/report/${pipeline}/export`, { from: 'yesterday' })).status).toBe(400);
  });
});
