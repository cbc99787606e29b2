import type { FilterNode } from '@orbit/shared/crm/filter';
import type { caller } from './adminApi';

type Call = ReturnType<typeof caller>;

/** A list URL with the filter tree as its `filter` parameter. */
export const withFilter = (path: string, filter: FilterNode) => `${path}${path.includes('?') ? '&' : '?'}filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Creates a lead (a last name is all it needs) and answers its id. */
export async function createLead(call: Call, body: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', '/crm/leads', { lastName: 'Tester', ...body });
  if (res.body.code !== 200) throw new Error(`lead: ${res.body.msg} ${JSON.stringify(res.body.errors ?? {})}`);
  return res.body.data as number;
}

/** A record as its caller sees it. */
export async function getRecord(call: Call, module: string, id: number) {
  const res = await call('GET', `/crm/${module}/${id}`);
  return res.body.data as Record<string, unknown> & { version: number; ownerId: number };
}

/** Ids of a list page. */
export async function listIds(call: Call, url: string): Promise<{ total: number; ids: number[] }> {
  const res = await call('GET', url);
  if (res.body.code !== 200) throw new Error(`${url}: ${res.body.msg}`);
  return { total: res.body.total as number, ids: (res.body.rows as Array<{ id: number }>).map((r) => r.id) };
}
