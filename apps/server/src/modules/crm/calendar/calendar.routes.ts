import { calendarMoveBody, calendarQuery } from '@orbit/shared/contract/calendar';
import { lookupQuery } from '@orbit/shared/contract/crm';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import type { Caller } from '../engine/records/moduleRecords';
import { pickableOwners } from './calendarOwners';
import { createCalendarService } from './calendarService';

/** The calendar page's permission; what it shows of each module needs that module's list permission too, and a drag its edit permission. */
const CALENDAR = { access: { permission: PERMISSIONS.calendar.list } };
const caller = (request: FastifyRequest): Caller => ({ user: requireUser(request), lang: request.lang });

/** The calendar (docs/records-engine.md, "Calendar sources"). */
const calendarRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const calendar = createCalendarService(app.db);

  app.get('/crm/calendar', { config: CALENDAR, schema: { querystring: calendarQuery } }, async (request) =>
    okData(request, await calendar.entries(caller(request), request.query)),
  );

  app.get('/crm/calendar/owners', { config: CALENDAR, schema: { querystring: lookupQuery } }, async (request) =>
    okPage(request, await pickableOwners(app.db, requireUser(request), request.query.q, request.query)),
  );

  app.put(
    '/crm/calendar/move',
    { config: { ...CALENDAR, log: { title: 'Calendar', businessType: BUSINESS_TYPE.update } }, schema: { body: calendarMoveBody } },
    async (request) => okData(request, await calendar.move(caller(request), request.body)),
  );
};

export default calendarRoutes;
