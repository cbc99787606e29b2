import type { FastifyRequest } from 'fastify';

/**
 * An `application/x-www-form-urlencoded` body as an object of its fields (the last of repeated
 * names wins), as RuoYi's `download` posts a list's filters. Object.fromEntries defines every name
 * as the object's own field, so a field called `__proto__` stays a plain field.
 */
export function formBodyParser(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void): void {
  done(null, Object.fromEntries(new URLSearchParams(body.toString())));
}
