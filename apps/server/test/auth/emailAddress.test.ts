import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysEmailCode } from '../../src/db/schema/auth';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { codeFromLastMail, get, otherCode, post, put, userRow, freshMailbox } from './authTestUtils';

const EMAIL = 'olivia.park@example.com';
/** The address with a capital dotted I (U+0130): the database's lower() made it Olivia's, JavaScript's does not. */
const DOTTED = 'olİvia.park@example.com';
const INVALID_EN = 'The code is wrong or has expired';

describe('e-mail addresses: one normal form, and codes that belong to the account', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());
  beforeEach(() => freshMailbox(app));

  const sendCode = (email: string) => get(app, `/sendCode?email=${encodeURIComponent(email)}`);
  const checkCode = (email: string, code: string) => post(app, '/checkCode', { email, code });

  it('an address that is not Olivia’s in its normal form gets no guesses at her code', async () => {
    expect((await sendCode(EMAIL)).body.code).toBe(200);
    const code = codeFromLastMail(app, EMAIL);
    // Same answer as for any address, and no mail: the variant is an address without an account.
    expect((await sendCode(DOTTED)).body).toEqual((await sendCode('nobody@example.com')).body);
    expect(app.mails.map((m) => m.to)).toEqual([EMAIL]);
    // Her code does not work for it, and guesses there do not touch her code's tries.
    expect((await checkCode(DOTTED, code)).body).toEqual({ code: 400, msg: INVALID_EN });
    expect((await put(app, '/resetPwd', { email: DOTTED, code, password: 'Fresh-Pass-42' })).status).toBe(400);
    const [own] = await app.db.select().from(sysEmailCode).where(eq(sysEmailCode.userId, (await userRow(app, 'olivia.park')).userId));
    expect(own!.attempts).toBe(0);
    expect((await checkCode(EMAIL, code)).body.code).toBe(200);
  });

  it('every spelling of her address shares her code, her cool-down and her five tries', async () => {
    const spellings = ['OLIVIA.PARK@EXAMPLE.COM', ' Olivia.Park@example.com ', 'ｏｌｉｖｉａ.park@example.com', 'olivia.park@ｅｘａｍｐｌｅ.com', EMAIL];
    expect((await sendCode(spellings[0]!)).body.code).toBe(200);
    const code = codeFromLastMail(app, EMAIL);
    for (const spelling of spellings) expect((await sendCode(spelling)).status, spelling).toBe(429);
    expect(app.mails).toHaveLength(1);
    for (const spelling of spellings) expect((await checkCode(spelling, otherCode(code))).status, spelling).toBe(400);
    // Five wrong tries in all, whatever the spelling: the code is burnt.
    expect((await checkCode(EMAIL, code)).body).toEqual({ code: 400, msg: INVALID_EN });
    const rows = await app.db.select().from(sysEmailCode);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: (await userRow(app, 'olivia.park')).userId, email: EMAIL, attempts: 5 });
  });

  it('accounts store the normal form, so two spellings of one address cannot belong to two users', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const created = await admin('POST', '/system/user', { userName: 'new.person', nickName: 'New', password: 'Fresh-Pass-42', email: ' New.Person@Example.COM ' });
    expect(created.body.code).toBe(200);
    expect((await userRow(app, 'new.person')).email).toBe('new.person@example.com');
    const twin = await admin('POST', '/system/user', { userName: 'new.twin', nickName: 'Twin', password: 'Fresh-Pass-42', email: 'ＮＥＷ.person@example.com' });
    expect(twin.status).toBe(400);
    expect(twin.body.errors).toEqual({ email: "The e-mail address 'new.person@example.com' is already in use" });
    expect((await sendCode('NEW.PERSON@example.com')).body.code).toBe(200);
    expect(app.mails.map((m) => m.to)).toEqual(['new.person@example.com']);
  });
});
