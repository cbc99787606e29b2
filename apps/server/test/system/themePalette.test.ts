import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { DEFAULT_PALETTE } from '@orbit/shared/palette';
import { sysConfig } from '../../src/db/schema/settings';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const KEY = SETTING_KEYS.themePalette;
type Row = { configId: number; configKey: string; configName: string; configValue: string; configType: string; defaultValue?: string; remark: string };

/** The organisation's theme palette (System › Settings): every value the server keeps passes WCAG AA. */
describe('the theme palette setting', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let row: Row;
  const put = (configValue: string, headers?: Record<string, string>) => admin('PUT', '/system/config', { ...row, configValue }, headers);
  const stored = async () => (await app.db.select({ value: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, KEY)))[0]?.value;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    row = (await admin('GET', `/system/config/list?configKey=${KEY}`)).body.rows[0];
  });
  afterAll(() => app.teardown());

  it('is a built-in setting following its default, today’s palette', () => {
    expect(row).toMatchObject({ configKey: 'sys.theme.palette', configType: 'Y', usesDefault: true });
    expect(JSON.parse(row.defaultValue!)).toEqual(DEFAULT_PALETTE);
    // The value in force, as RuoYi's settings page reads it.
    expect(JSON.parse(row.configValue)).toEqual(DEFAULT_PALETTE);
    expect(row.configName).toMatch(/^Theme colours/);
  });

  it('refuses text greys below 4.5:1 on the background, naming the pair, in the reader’s language; nothing is stored', async () => {
    const value = JSON.stringify({ background: '#e6e6e6', textSecondary: '#777777' });
    const en = await put(value);
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual({
      configValue: 'Secondary text #777777 on white (cards, tables, fields) #ffffff has a contrast of 4.47:1; at least 4.5:1 is needed',
    });
    const onBackground = await put(JSON.stringify({ background: '#e6e6e6', textSecondary: '#6b6b6b' }));
    expect(onBackground.body.errors.configValue).toBe('Secondary text #6b6b6b on the background colour #e6e6e6 has a contrast of 4.26:1; at least 4.5:1 is needed');
    const zh = await put(value, ZH);
    expect(zh.body.errors.configValue).toBe('次要文字 #777777 在白色（卡片、表格、输入框） #ffffff 上的对比度为 4.47:1，至少需要 4.5:1');
    expect(await stored()).toBe('');
  });

  it('refuses a main colour white button text cannot be read on, and a border fields cannot be told by', async () => {
    const main = await put('{"main":"#1677ff"}');
    expect(main.body.errors.configValue).toBe('White button text #ffffff on the main colour #1677ff has a contrast of 4.10:1; at least 4.5:1 is needed');
    const border = await put('{"border":"#d9d9d9"}', ZH);
    expect(border.body.errors.configValue).toBe('边框色 #d9d9d9 在白色（卡片、表格、输入框） #ffffff 上的对比度为 1.41:1，至少需要 3:1');
    expect(await stored()).toBe('');
  });

  it('refuses what is not a palette: not JSON, unknown names, colours not written #rrggbb', async () => {
    const cases: Array<[string, string]> = [
      ['#0958d9', 'Setting value must be a JSON object of colours named main, border, background, textPrimary, textRegular, textSecondary or textPlaceholder'],
      ['{"primary":"#0958d9"}', 'Setting value must be a JSON object of colours named main, border, background, textPrimary, textRegular, textSecondary or textPlaceholder'],
      ['{"main":"blue"}', 'Main colour must be a colour written #rrggbb, not blue'],
    ];
    for (const [value, message] of cases) {
      const res = await put(value);
      expect(res.status, value).toBe(400);
      expect(res.body.errors, value).toEqual({ configValue: message });
    }
    expect(await stored()).toBe('');
  });

  it('keeps a valid palette, which every signed-in person reads by key; emptied, the default is back', async () => {
    const value = JSON.stringify({ main: '#0958d9', border: '#767676', background: '#f0f2f5', textSecondary: '#5c5c5c' });
    expect((await put(value)).body.code).toBe(200);
    expect(await stored()).toBe(value);
    const rep = caller(app, await loginAs(app, 'olivia.park'));
    expect((await rep('GET', `/system/config/configKey/${KEY}`)).body).toMatchObject({ code: 200, msg: value, data: value });
    expect((await put('')).body.code).toBe(200);
    expect(JSON.parse((await rep('GET', `/system/config/configKey/${KEY}`)).body.data)).toEqual(DEFAULT_PALETTE);
  });
});
