import { sql } from 'drizzle-orm';
import { HIERARCHY_MAX_DEPTH, HIERARCHY_MAX_NODES, type Hierarchy, type HierarchyNode } from '@orbit/shared/contract/crm';
import type { Executor } from '../../../../db/client';
import { notFound } from '../../../../lib/errors';
import type { CurrentUser } from '../../../auth/currentUser';
import type { ModuleDef } from '../metadata/moduleDef';
import { nameExpression, nameSeenBy } from '../query/recordName';
import { recordAccess } from '../query/recordAccess';
import { PRESENT, col, rowsOf, tableOf } from '../query/sql';
import { hierarchyFields } from './hierarchy';

type Row = { id: unknown; parent: unknown; depth: unknown };

/**
 * The tree a record sits in, from its top ancestor down (at most HIERARCHY_MAX_DEPTH levels up and
 * down, HIERARCHY_MAX_NODES records, breadth first), present records only. The record itself must
 * be within the caller's scope. Every record the caller may name (query/recordName.ts `mayNameRecord`:
 * today, within scope) is named; any other is restricted (`name: null`, as in every answer's
 * `lookups`) and kept only when it connects the tree to a record within scope (an ancestor of the
 * record, or a parent of records the caller may see), and left out otherwise, so the caller learns
 * no more than that some record they may not open sits there.
 */
export async function hierarchyOf(db: Executor, def: ModuleDef, user: CurrentUser, id: number): Promise<Hierarchy> {
  const table = tableOf(def.table);
  const scope = recordAccess(user, def.module, 'read');
  const [self] = await rowsOf(db, sql`select id from ${table} where id = ${id} and ${PRESENT}${scope ? sql` and ${scope}` : sql``}`);
  if (!self) throw notFound('record.notFound');
  const field = hierarchyFields(def)[0];
  if (!field) return { field: null, currentId: id, nodes: [{ id, parentId: null, depth: 0, name: await nameOf(db, def, id) }], truncated: false };
  const parent = col(field.column);

  // Up: the record and its present ancestors; `union all` with a depth bound ends even on a loop already in the table.
  const path = await rowsOf<Row>(
    db,
    sql`with recursive up(node_id, node_parent, node_depth) as (
          select id, ${parent}, 0 from ${table} where id = ${id}
          union all
          select t.id, t.${parent}, up.node_depth + 1 from ${table} t join up on t.id = up.node_parent
          where t.deleted_at is null and up.node_depth < ${HIERARCHY_MAX_DEPTH}
        ) select node_id as id, node_parent as parent, node_depth as depth from up order by node_depth desc`,
  );
  const topId = Number(path[0]!.id);

  // Down: breadth first from the top, one more row than drawn to know whether it was cut.
  const tree = await rowsOf<Row>(
    db,
    sql`with recursive down(node_id, node_parent, node_depth) as (
          select id, ${parent}, 0 from ${table} where id = ${topId}
          union all
          select t.id, t.${parent}, down.node_depth + 1 from ${table} t join down on t.${parent} = down.node_id
          where t.deleted_at is null and down.node_depth < ${HIERARCHY_MAX_DEPTH}
        ) select node_id as id, node_parent as parent, node_depth as depth from down order by node_depth, node_id limit ${HIERARCHY_MAX_NODES + 1}`,
  );
  const truncated = tree.length > HIERARCHY_MAX_NODES || path.length > HIERARCHY_MAX_DEPTH;
  const byId = new Map<number, { parentId: number | null; depth: number }>();
  for (const r of tree.slice(0, HIERARCHY_MAX_NODES)) byId.set(Number(r.id), { parentId: r.parent === null ? null : Number(r.parent), depth: Number(r.depth) });
  // The path to the record is always drawn, even in a tree too large to draw whole.
  const onPath = new Set(path.map((r) => Number(r.id)));
  path.forEach((r, i) => byId.set(Number(r.id), { parentId: i === 0 ? null : Number(r.parent), depth: i }));
  byId.get(topId)!.parentId = null;

  const ids = [...byId.keys()];
  // Named by the one rule of what a viewer may know of a related record (query/recordName.ts): null is restricted.
  const named = await rowsOf<{ id: unknown; name: unknown }>(db, sql`select id, ${nameSeenBy(user, def)} as name from ${table} where id in ${ids}`);
  const names = new Map(named.filter((r) => r.name !== null).map((r) => [Number(r.id), String(r.name)]));

  // Keep a record the viewer may name, one on the path, or one with a kept child.
  const children = new Map<number, number[]>();
  for (const [nodeId, n] of byId) if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), nodeId]);
  const kept = new Set<number>();
  const keep = (nodeId: number): boolean => {
    let any = names.has(nodeId) || onPath.has(nodeId);
    for (const child of children.get(nodeId) ?? []) any = keep(child) || any;
    if (any) kept.add(nodeId);
    return any;
  };
  keep(topId);

  const nodes: HierarchyNode[] = [...byId]
    .filter(([nodeId]) => kept.has(nodeId))
    .map(([nodeId, n]) => ({ id: nodeId, parentId: n.parentId, depth: n.depth, name: names.get(nodeId) ?? null }))
    .sort((a, b) => a.depth - b.depth || (a.name ?? '').localeCompare(b.name ?? '') || a.id - b.id);
  return { field: field.name, currentId: id, nodes, truncated };
}

async function nameOf(db: Executor, def: ModuleDef, id: number): Promise<string> {
  const [row] = await rowsOf<{ name: unknown }>(db, sql`select ${nameExpression(def)} as name from ${tableOf(def.table)} where id = ${id}`);
  return String(row?.name ?? '');
}
