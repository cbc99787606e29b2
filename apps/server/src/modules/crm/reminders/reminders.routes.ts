import { remindersBody } from '@orbit/shared/contract/reminders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { createReminders } from './reminders';

/**
 * The navbar's bell of reminders (tasks, meetings): any signed-in user sees and clears their own —
 * of the modules they may list (reminderSources.ts); clearing one changes no record.
 */
const SIGNED_IN = { access: 'authenticated' as const };

const reminderRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const reminders = createReminders(app.db);

  app.get('/crm/reminders', { config: SIGNED_IN }, async (request) => ({
    ...ok(request),
    ...(await reminders.list({ user: requireUser(request), lang: request.lang })),
  }));

  app.put('/crm/reminders/read', { config: SIGNED_IN, schema: { body: remindersBody } }, async (request) => ({
    ...ok(request),
    data: await reminders.read(requireUser(request), request.body),
  }));

  app.put('/crm/reminders/dismiss', { config: SIGNED_IN, schema: { body: remindersBody } }, async (request) => ({
    ...ok(request),
    data: await reminders.dismiss(requireUser(request), request.body),
  }));
};

export default reminderRoutes;
