import fp from 'fastify-plugin';
import { badRequest, fieldError } from '../lib/errors';

type Visit = { value: unknown; key: string; parent: Visit | undefined };

/**
 * The path (keys from the top) of the first text holding a NUL character, as a value or as a key;
 * undefined when there is none. Walked breadth first with a queue, so no nesting overflows it.
 */
function nulCharacterPath(value: unknown): string[] | undefined {
  const queue: Visit[] = [{ value, key: '', parent: undefined }];
  for (let next = 0; next < queue.length; next++) {
    const visit = queue[next]!;
    if (typeof visit.value === 'string') {
      if (visit.value.includes('\0')) return pathOf(visit);
    } else if (visit.value !== null && typeof visit.value === 'object' && !ArrayBuffer.isView(visit.value)) {
      for (const [key, item] of Object.entries(visit.value)) {
        const child = { value: item, key, parent: visit };
        if (key.includes('\0')) return pathOf(child);
        queue.push(child);
      }
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** The field as the answer names it: like a zod path (`roleIds.0`), a key's NUL spelled out, cut short for hostile nesting. */
const fieldOf = (path: string[]) => path.slice(0, 8).join('.').replaceAll('\0', '\\0').slice(0, 100);

/**
 * PostgreSQL's text cannot hold a NUL character: one that reached a query answered 500. Every
 * route's path parameters, query and body are checked here, before validation, with a 400 naming
 * the field. Headers need no check: Node's HTTP parser refuses a NUL in them.
 */
export default fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      const path = nulCharacterPath(input);
      if (!path) continue;
      throw path.length ? fieldError(fieldOf(path), 'validation.nulCharacter') : badRequest('common.badRequest');
    }
  });
});
