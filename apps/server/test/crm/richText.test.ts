import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richTextAsPlain } from '../../src/lib/richText';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;

/**
 * The rich-text field type: HTML cleaned by the sanitiser on every write (checkRecordWrite, which
 * create, update, inline edit and import go through), filtered by its words, plain text in an export.
 */
describe('rich-text fields', () => {
  let app: TestApp;
  let admin: Call;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    const field = await admin('POST', '/setup/leads/fields', { name: 'visitReport', type: 'richtext', labelEn: 'Visit Report', labelZh: '拜访报告', filterable: true });
    expect(field.body.code, field.body.msg).toBe(200);
  });
  afterAll(() => app.teardown());

  const lead = async (id: number) => (await admin('GET', `/crm/leads/${id}`)).body.data as { visitReport: string | null; version: number };
  const DIRTY = '<p>Met the <b>buyer</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>';
  const CLEAN = '<p>Met the <b>buyer</b><a target="_blank" rel="noopener noreferrer">x</a></p>';

  it('is offered by set-up as its own type, and cleaned on create and update', async () => {
    const meta = (await admin('GET', '/crm/meta/leads')).body.data.fields as Array<{ name: string; type: string; sortable: boolean }>;
    expect(meta.find((f) => f.name === 'visitReport')).toMatchObject({ type: 'richtext', sortable: false });
    const created = await admin('POST', '/crm/leads', { lastName: 'Rich', company: 'Rich Co', visitReport: DIRTY });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data as number;
    expect((await lead(id)).visitReport).toBe(CLEAN);
    expect((await admin('PUT', '/crm/leads', { id, version: (await lead(id)).version, visitReport: '<p onclick="x()">Second <i>visit</i></p><iframe src="https://evil"></iframe>' })).body.code).toBe(200);
    expect((await lead(id)).visitReport).toBe('<p>Second <i>visit</i></p>');
    // Only markup that runs: nothing is left, so nothing is stored.
    expect((await admin('PUT', '/crm/leads', { id, version: (await lead(id)).version, visitReport: '<script>alert(1)</script>' })).body.code).toBe(200);
    expect((await lead(id)).visitReport).toBeNull();
  });

  it('is filtered by its words', async () => {
    const id = (await admin('POST', '/crm/leads', { lastName: 'Words', company: 'Words Co', visitReport: '<p>quarterly <b>zanzibar</b> review</p>' })).body.data as number;
    const res = await admin('GET', `/crm/leads/list?filter=${encodeURIComponent(JSON.stringify({ field: 'visitReport', op: 'contains', value: 'zanzibar' }))}`);
    expect(res.body.code, res.body.msg).toBe(200);
    expect((res.body.rows as Array<{ id: number }>).map((r) => r.id)).toEqual([id]);
  });

  it('reads as plain text in a spreadsheet: a line per paragraph or item, entities decoded', () => {
    expect(richTextAsPlain('<p>Agreed <b>pricing</b> &amp; terms</p><ul><li>One</li><li>Two&nbsp;too</li></ul><p>Line<br>break</p>')).toBe('Agreed pricing & terms\nOne\nTwo too\nLine\nbreak');
  });
});
