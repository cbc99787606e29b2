import fp from 'fastify-plugin';
import { CODE } from '@orbit/shared/constants';
import { isMessageKey, type MessageKey } from '@orbit/shared/messages';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/databaseUnavailable';
import { errorHttpStatus } from '../lib/errorStatus';
import { AppError, fieldLabel } from '../lib/errors';
import type { Config } from '../config';
import { uniqueViolationError } from '../lib/uniqueViolation';

type Limits = { maximum?: number | string; minimum?: number | string };
/** A zod issue as fastify-type-provider-zod passes it on: the issue's own fields (a refinement's `params` too) under `params`. */
type ZodLikeIssue = Limits & { keyword?: string; path?: PropertyKey[]; instancePath?: string; message: string; params?: Limits & { params?: Limits; keys?: string[] } };

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTTP status a refusal with this code is sent with (API_ERROR_STATUS, lib/errorStatus.ts). */
    errorStatus(code: number): number;
  }
}

/**
 * One place turns every failure into the envelope: validation → 400 with `errors` per field,
 * AppError (or a save that lost a race to a unique index) → its code, a database that cannot be
 * reached → 503, client errors from Fastify → their status, anything else → 500 with a generic
 * message (the detail goes to the log only, never to the body). The HTTP status is the code, or
 * 200 for a 4xx in `envelope` mode (`app.errorStatus`, which every other refusal uses too).
 */
export default fp<{ apiErrorStatus: Config['apiErrorStatus'] }>(async (app, { apiErrorStatus }) => {
  app.decorate('errorStatus', (code: number) => errorHttpStatus(apiErrorStatus, code));
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation as unknown as ZodLikeIssue[]) {
        // A key a strict body does not know (a misspelt one would otherwise be dropped unseen): named.
        const stray = issue.keyword === 'unrecognized_keys' ? issue.params?.keys?.[0]?.slice(0, 64) : undefined;
        if (stray !== undefined) {
          const field = [fieldName(issue), stray].filter(Boolean).join('.');
          errors[field] ??= request.t('validation.unknownKey', { field });
          continue;
        }
        const field = fieldName(issue);
        // No field: the body or query as a whole is missing or not an object; `msg` says so.
        if (!field || errors[field]) continue;
        const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'validation.invalidValue';
        const limits = { ...issue.params, ...issue.params?.params };
        errors[field] = request.t(key, {
          field: fieldLabel(field),
          max: String(issue.maximum ?? limits.maximum ?? ''),
          min: String(issue.minimum ?? limits.minimum ?? ''),
        });
      }
      const first = Object.values(errors)[0] ?? request.t('common.badRequest');
      return reply.status(app.errorStatus(400)).send({ code: CODE.badRequest, msg: first, errors });
    }
    const appError = error instanceof AppError ? error : uniqueViolationError(error, request.body);
    if (appError) {
      const body: Record<string, unknown> = { code: appError.code, msg: request.t(appError.key, appError.params) };
      if (appError.errors) {
        body.errors = Object.fromEntries(
          Object.entries(appError.errors).map(([field, message]) => [
            field,
            typeof message === 'string' ? request.t(message, { ...appError.params, field: fieldLabel(field) }) : request.t(message.key, message.params),
          ]),
        );
      }
      if (appError.data !== undefined) body.data = appError.data;
      return reply.status(app.errorStatus(appError.httpStatus)).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      // Expected during a database restart and gone once the pool reconnects: a warning, not an error.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: CODE.unavailable, msg: request.t('common.databaseUnavailable') });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key: MessageKey =
        status === 404 ? 'common.notFound' : status === 413 ? 'common.payloadTooLarge' : status === 429 ? 'common.tooMany' : 'common.badRequest';
      return reply.status(app.errorStatus(status)).send({ code: status, msg: request.t(key) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: CODE.error, msg: request.t('common.internal') });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(app.errorStatus(404)).send({ code: CODE.notFound, msg: request.t('common.routeNotFound') });
  });
});

/** The dotted path of the offending field; '' when the issue is about the whole body or query. */
function fieldName(issue: ZodLikeIssue): string {
  if (issue.path && issue.path.length) return issue.path.map(String).join('.');
  if (issue.instancePath) return issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return '';
}
