import fp from 'fastify-plugin';
import { CODE } from '@orbit/shared/constants';
import { isMessageKey, type MessageKey } from '@orbit/shared/messages';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { uniqueViolationError } from '../lib/uniqueViolation';

type ZodLikeIssue = { path?: PropertyKey[]; instancePath?: string; message: string; params?: Record<string, unknown> };

/**
 * One place turns every failure into the envelope: validation → 400 with `errors` per field,
 * AppError (or a save that lost a race to a unique index) → its code, client errors from Fastify → their status, anything else → 500 with a
 * generic message (the detail goes to the log only, never to the body).
 */
export default fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation as unknown as ZodLikeIssue[]) {
        const field = fieldName(issue);
        // No field: the body or query as a whole is missing or not an object; `msg` says so.
        if (!field || errors[field]) continue;
        const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'validation.invalidValue';
        const limits = (issue.params ?? {}) as { maximum?: number; minimum?: number };
        const label = `field.${field}`;
        errors[field] = request.t(key, {
          // A field without a translated label is named as sent, never as a raw message key.
          field: isMessageKey(label) ? label : field,
          max: String((issue as { maximum?: number }).maximum ?? limits.maximum ?? ''),
          min: String((issue as { minimum?: number }).minimum ?? limits.minimum ?? ''),
        });
      }
      const first = Object.values(errors)[0] ?? request.t('common.badRequest');
      return reply.status(400).send({ code: CODE.badRequest, msg: first, errors });
    }
    const appError = error instanceof AppError ? error : uniqueViolationError(error, request.body);
    if (appError) {
      const body: Record<string, unknown> = { code: appError.code, msg: request.t(appError.key, appError.params) };
      if (appError.errors) {
        body.errors = Object.fromEntries(
          Object.entries(appError.errors).map(([field, key]) => [field, request.t(key, { ...appError.params, field: `field.${field}` })]),
        );
      }
      return reply.status(appError.httpStatus).send(body);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key: MessageKey =
        status === 404 ? 'common.notFound' : status === 413 ? 'common.payloadTooLarge' : status === 429 ? 'common.tooMany' : 'common.badRequest';
      return reply.status(status).send({ code: status, msg: request.t(key) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: CODE.error, msg: request.t('common.internal') });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: CODE.notFound, msg: request.t('common.routeNotFound') });
  });
});

/** The dotted path of the offending field; '' when the issue is about the whole body or query. */
function fieldName(issue: ZodLikeIssue): string {
  if (issue.path && issue.path.length) return issue.path.map(String).join('.');
  if (issue.instancePath) return issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return '';
}
