import { z } from 'zod';
import { id, idList } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { createNoticeBody, markNoticeReadQuery, markNoticesReadQuery, noticeListQuery, noticeReadersQuery, updateNoticeBody } from '@orbit/shared/contract/notice';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createDeptService } from '../dept/dept.service';
import { createNoticeService } from './notice.service';

const P = PERMISSIONS.notice;
const TITLE = 'Notice';

/** `/system/notice`: RuoYi's notice administration, and the bell every signed-in user reads. */
const noticeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notices = createNoticeService(app.db);
  const depts = createDeptService(app.db);

  app.get('/system/notice/list', { config: { access: { permission: P.list } }, schema: { querystring: noticeListQuery } }, async (request) =>
    okPage(request, await notices.list(requireUser(request), request.query)),
  );

  // RuoYi's "read users" dialog: who read a notice, under the list permission as in RuoYi.
  app.get('/system/notice/readUsers/list', { config: { access: { permission: P.list } }, schema: { querystring: noticeReadersQuery } }, async (request) =>
    okPage(request, await notices.readers(requireUser(request), request.query)),
  );

  // The bell (RuoYi's header and Orbit's navbar): `{ data: notices with isRead, unreadCount }`.
  app.get('/system/notice/listTop', { config: { access: 'authenticated' } }, async (request) =>
    ok(request, await notices.top(requireUser(request))),
  );

  app.post(
    '/system/notice/markRead',
    { config: { access: 'authenticated', log: false }, schema: { querystring: markNoticeReadQuery } },
    async (request) => ok(request, { data: await notices.markRead(requireUser(request), [request.query.noticeId]) }),
  );

  // `ids` as RuoYi sends them ("1,2,3"); none: every notice addressed to the caller.
  app.post('/system/notice/markReadAll', { config: { access: 'authenticated', log: false }, schema: { querystring: markNoticesReadQuery } }, async (request) => {
    const ids = request.query.ids ? request.query.ids.split(',').map(Number) : undefined;
    return ok(request, { data: await notices.markRead(requireUser(request), ids) });
  });

  // The departments a notice may be addressed to: those within the caller's reach.
  app.get('/system/notice/deptTree', { config: { access: { permission: [P.add, P.edit] } } }, async (request) =>
    okData(request, await depts.treeSelect(requireUser(request))),
  );

  // Administrators read any notice within reach; anyone signed in reads one addressed to them.
  app.get('/system/notice/:noticeId', { config: { access: 'authenticated' }, schema: { params: z.object({ noticeId: id }) } }, async (request) =>
    okData(request, await notices.get(requireUser(request), request.params.noticeId)),
  );

  app.post(
    '/system/notice',
    { config: { access: { permission: P.add }, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createNoticeBody } },
    async (request) => ok(request, { data: await notices.create(requireUser(request), request.body) }),
  );

  app.put(
    '/system/notice',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateNoticeBody } },
    async (request) => {
      await notices.update(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.delete(
    '/system/notice/:noticeIds',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ noticeIds: idList }) } },
    async (request) => {
      await notices.remove(requireUser(request), request.params.noticeIds);
      return ok(request);
    },
  );
};

export default noticeRoutes;
