import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_CONTENT_MAX } from '@orbit/shared/contract/notice';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { caller, createRole, createUser, deptIds, FORBIDDEN_EN, NEW_USER_PASSWORD } from '../helpers/adminApi';
import { api, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

describe('notices (/system/notice) and the bell (listTop)', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let mia: Call;
  let depts: Record<string, number>;
  const publish = async (body: Record<string, unknown>, as: Call = admin) => {
    const res = await as('POST', '/system/notice', { noticeType: '1', noticeContent: '<p>Text</p>', ...body });
    if (res.body.code !== 200) throw new Error(res.body.msg);
    return res.body.data as number;
  };
  const top = async (as: Call) => (await as('GET', '/system/notice/listTop')).body as { data: Array<{ noticeId: number; noticeTitle: string; isRead: boolean }>; unreadCount: number };

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    mia = caller(app, await loginAs(app, 'mia.chen'));
    depts = await deptIds(admin);
  });
  afterAll(() => app.teardown());

  it('a notice for everyone reaches every user, unread until read; its HTML is cleaned before it is stored', async () => {
    const id = await publish({
      noticeTitle: 'Office closed Friday',
      noticeType: '2',
      noticeContent: '<p style="text-align: center; position: fixed">Closed <strong>all day</strong></p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><a href="https://example.com">site</a>',
    });
    const stored = (await admin('GET', `/system/notice/${id}`)).body.data;
    expect(stored.noticeContent).toBe('<p style="text-align:center">Closed <strong>all day</strong></p><a target="_blank" rel="noopener noreferrer">x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
    expect(stored).toMatchObject({ noticeTitle: 'Office closed Friday', noticeType: '2', status: '0', createBy: 'admin', deptIds: [] });

    const before = await top(olivia);
    expect(before.unreadCount).toBe(1);
    expect(before.data).toEqual([expect.objectContaining({ noticeId: id, noticeTitle: 'Office closed Friday', isRead: false, noticeContent: stored.noticeContent })]);
    // Any signed-in user reads a notice addressed to them in full (RuoYi's bell preview).
    expect((await olivia('GET', `/system/notice/${id}`)).body.data.noticeTitle).toBe('Office closed Friday');
    expect((await olivia('POST', `/system/notice/markRead?noticeId=${id}`)).body.code).toBe(200);
    expect(await top(olivia)).toMatchObject({ unreadCount: 0, data: [{ noticeId: id, isRead: true }] });
    // Read marks are per user.
    expect((await top(mia)).unreadCount).toBe(1);
  });

  it('a notice to a department reaches it and those below it, nobody else; a closed one reaches nobody', async () => {
    const marketing = await publish({ noticeTitle: 'Campaign kick-off', deptIds: [depts.Marketing] });
    const head = await publish({ noticeTitle: 'Company news', deptIds: [depts['Head Office']] });
    const closed = await publish({ noticeTitle: 'Old news', status: '1' });
    const titles = async (as: Call) => (await top(as)).data.map((n) => n.noticeTitle);
    expect(await titles(mia)).toEqual(expect.arrayContaining(['Campaign kick-off', 'Company news']));
    expect(await titles(olivia)).toContain('Company news');
    expect(await titles(olivia)).not.toContain('Campaign kick-off');
    expect(await titles(olivia)).not.toContain('Old news');
    expect((await olivia('GET', `/system/notice/${marketing}`)).status).toBe(404);
    expect((await olivia('GET', `/system/notice/${closed}`)).status).toBe(404);
    expect((await olivia('POST', `/system/notice/markRead?noticeId=${marketing}`)).status).toBe(404);
    // markReadAll: the ids given (all addressed to the caller), or every notice addressed to them.
    expect((await olivia('POST', `/system/notice/markReadAll?ids=${head},${marketing}`)).status).toBe(404);
    expect((await olivia('POST', `/system/notice/markReadAll?ids=${head}`)).body.data).toBe(1);
    expect((await mia('POST', '/system/notice/markReadAll')).body.data).toBeGreaterThanOrEqual(3);
    expect((await top(mia)).unreadCount).toBe(0);
    expect((await olivia('POST', '/system/notice/markReadAll?ids=1;drop')).status).toBe(400);
  });

  it('lists with RuoYi’s filters; edits and deletes', async () => {
    const id = await publish({ noticeTitle: 'Quarterly targets', noticeType: '2' });
    const list = await admin('GET', '/system/notice/list?noticeTitle=quarterly&noticeType=2&status=0&createBy=adm');
    expect(list.body).toMatchObject({ total: 1, rows: [{ noticeId: id, noticeTitle: 'Quarterly targets' }] });
    const edited = await admin('PUT', '/system/notice', { noticeId: id, noticeTitle: 'Quarterly targets (revised)', noticeType: '2', noticeContent: 'plain', status: '1', deptIds: [depts['Sales East']] });
    expect(edited.body.code).toBe(200);
    expect((await admin('GET', `/system/notice/${id}`)).body.data).toMatchObject({ noticeTitle: 'Quarterly targets (revised)', status: '1', updateBy: 'admin', deptIds: [depts['Sales East']] });
    expect((await admin('DELETE', `/system/notice/${id}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/notice/${id}`)).status).toBe(404);
    expect((await admin('DELETE', `/system/notice/${id}`)).status).toBe(404);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const total = (await admin('GET', '/system/notice/list')).body.total;
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ noticeTitle: '', noticeType: '1' }, { noticeTitle: 'Title is required' }],
      [{ noticeTitle: 'x'.repeat(51), noticeType: '1' }, { noticeTitle: 'Title must be at most 50 characters' }],
      [{ noticeTitle: 'Typed', noticeType: '3' }, { noticeType: 'Type is required' }],
      [{ noticeTitle: 'Long', noticeType: '1', noticeContent: 'x'.repeat(20_001) }, { noticeContent: 'Content must be at most 20000 characters' }],
      [{ noticeTitle: 'Nowhere', noticeType: '1', deptIds: [999_999] }, { deptIds: 'You cannot address notices to this department' }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin('POST', '/system/notice', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    expect((await admin('PUT', '/system/notice', { noticeId: 999_999, noticeTitle: 'x', noticeType: '1' })).status).toBe(404);
    expect((await admin('GET', '/system/notice/list')).body.total).toBe(total);
  });

  it('only notice administrators list and change notices; the bell needs a session', async () => {
    for (const as of [olivia, mia]) {
      const res = await as('GET', '/system/notice/list');
      expect([res.status, res.body.msg]).toEqual([403, FORBIDDEN_EN]);
      expect((await as('POST', '/system/notice', { noticeTitle: 'x', noticeType: '1' })).status).toBe(403);
      expect((await as('DELETE', '/system/notice/1')).status).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: api('/system/notice/listTop') })).statusCode).toBe(401);
    // The audience picker: departments within reach, for those who publish.
    expect((await admin('GET', '/system/notice/deptTree')).body.data[0]).toMatchObject({ label: 'Head Office' });
    expect((await olivia('GET', '/system/notice/deptTree')).status).toBe(403);
  });

  it('a delegated administrator reaches notices of their departments only, and cannot address everyone', async () => {
    const roleId = await createRole(admin, 'notice_east', [...Object.values(PERMISSIONS.notice)], '4');
    await createUser(admin, 'east.notices', depts['Sales East']!, [roleId]);
    const east = caller(app, await loginAs(app, 'east.notices', NEW_USER_PASSWORD));
    const everyone = await publish({ noticeTitle: 'For all' });
    const mine = await publish({ noticeTitle: 'East team', deptIds: [depts['Key Accounts East']] }, east);
    const refused = await east('POST', '/system/notice', { noticeTitle: 'For all, again', noticeType: '1' });
    expect(refused.body.errors).toEqual({ deptIds: 'Only an administrator who sees every department can address a notice to everyone' });
    expect((await east('POST', '/system/notice', { noticeTitle: 'Marketing', noticeType: '1', deptIds: [depts.Marketing] })).body.errors).toEqual({
      deptIds: 'You cannot address notices to this department',
    });
    const listed = (await east('GET', '/system/notice/list?pageSize=100')).body.rows.map((r: { noticeId: number }) => r.noticeId);
    expect(listed).toEqual([mine]);
    expect((await east('PUT', '/system/notice', { noticeId: everyone, noticeTitle: 'Mine now', noticeType: '1', deptIds: [depts['Sales East']] })).status).toBe(404);
    expect((await east('DELETE', `/system/notice/${everyone}`)).status).toBe(404);
    // Reading a notice addressed to them is a reader's right, not an administrator's.
    expect((await east('GET', `/system/notice/${everyone}`)).status).toBe(404);
    expect((await east('GET', `/system/notice/${mine}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/notice/${everyone}`)).body.code).toBe(200);
  });

  it('a notice written by RuoYi\'s editor (Quill) keeps its formatting through an edit; what could run never stays; bad input changes nothing', async () => {
    const quill =
      '<h2 class="ql-align-center">Holiday <em>schedule</em></h2><p class="ql-align-center"><strong>Closed</strong> <span style="color: rgb(230, 0, 0);">Friday</span>' +
      ' <u>all</u> <s>week</s></p><ol><li class="ql-indent-1">one</li><li data-list="bullet">two</li></ol><blockquote>Quote</blockquote>' +
      '<p><a href="https://example.com" rel="noopener noreferrer" target="_blank">site</a></p>';
    const id = await publish({ noticeTitle: 'Formatted', status: '1', noticeContent: quill });
    const stored = (await admin('GET', `/system/notice/${id}`)).body.data;
    expect(stored.noticeContent).toBe(quill.replace('color: rgb(230, 0, 0);', 'color:rgb(230, 0, 0)'));

    // Orbit's editor sends the HTML back as it holds it: the formatting stays, a script added on the way goes.
    const edited = `${stored.noticeContent}<p>Added <b>here</b><script>alert(1)</script><span onmouseover="alert(2)" style="position:fixed">x</span></p>`;
    const saved = await admin('PUT', '/system/notice', { ...stored, noticeId: id, noticeContent: edited });
    expect(saved.body.code).toBe(200);
    const after = (await admin('GET', `/system/notice/${id}`)).body.data.noticeContent as string;
    expect(after).toBe(`${stored.noticeContent}<p>Added <b>here</b><span>x</span></p>`);

    const zh = await admin('PUT', '/system/notice', { ...stored, noticeId: id, noticeContent: 'x'.repeat(NOTICE_CONTENT_MAX + 1) }, { 'accept-language': 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.errors.noticeContent).toMatch(/[\u4e00-\u9fff]/);
    expect((await admin('GET', `/system/notice/${id}`)).body.data.noticeContent).toBe(after);
  });
});
