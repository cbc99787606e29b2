import { taskRemindersBody } from '@orbit/shared/contract/taskReminders';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { createTaskReminders } from './taskReminders';

const P = PERMISSIONS.task;
/** A user who may see tasks may see and clear their own reminders (it changes no task). */
const READERS = { access: { permission: [P.list, P.query] } };

/** What only tasks have: the assignee's reminders (the navbar's bell). Completion is the engine's update. */
const taskRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const reminders = createTaskReminders(app.db);

  app.get('/crm/task/reminders', { config: READERS }, async (request) => ({
    ...ok(request),
    ...(await reminders.list({ user: requireUser(request), lang: request.lang })),
  }));

  app.put('/crm/task/reminders/read', { config: READERS, schema: { body: taskRemindersBody } }, async (request) => ({
    ...ok(request),
    data: await reminders.read(requireUser(request), request.body),
  }));

  app.put('/crm/task/reminders/dismiss', { config: READERS, schema: { body: taskRemindersBody } }, async (request) => ({
    ...ok(request),
    data: await reminders.dismiss(requireUser(request), request.body),
  }));
};

export default taskRoutes;
