import { eq } from 'drizzle-orm';
import { isCondition, type FilterCondition, type FilterNode } from '@orbit/shared/crm/filter';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../../db/client';
import { crmLayout, crmListView } from '../../../../db/schema/crm';

/** A filter tree without the conditions `drop` names; emptied groups go too (null: nothing left). */
export function pruneFilter(node: FilterNode, drop: (c: FilterCondition) => boolean): FilterNode | null {
  if (isCondition(node)) return drop(node) ? null : node;
  if ('not' in node) {
    const inner = pruneFilter(node.not, drop);
    return inner ? { not: inner } : null;
  }
  const children = ('and' in node ? node.and : node.or).map((c) => pruneFilter(c, drop)).filter((c): c is FilterNode => c !== null);
  if (!children.length) return null;
  return 'and' in node ? { and: children } : { or: children };
}

/** Whether a filter tree has a condition on the field. */
export function filterNames(node: FilterNode | null, field: string): boolean {
  if (!node) return false;
  if (isCondition(node)) return node.field === field;
  if ('not' in node) return filterNames(node.not, field);
  return ('and' in node ? node.and : node.or).some((c) => filterNames(c, field));
}

/**
 * What happens to the saved list views of a field that goes (docs/setup.md): it leaves their
 * columns, a sort by it falls back to the list's default order, and the conditions on it leave
 * their filters — the rest of each view keeps working (EspoCRM answered 500 on a list sorted by a
 * deleted field, #1537). `drop` narrows which conditions go (a type change drops only those whose
 * operator the new type does not have). Answers how many views changed.
 */
export async function pruneViewReferences(tx: Executor, module: CrmModule, field: string, drop: (c: FilterCondition) => boolean = (c) => c.field === field, columnsToo = true): Promise<number> {
  const views = await tx.select().from(crmListView).where(eq(crmListView.module, module));
  let changed = 0;
  for (const view of views) {
    const columns = columnsToo ? view.columns.filter((c) => c !== field) : view.columns;
    const sortField = columnsToo && view.sortField === field ? null : view.sortField;
    const filter = view.filter ? pruneFilter(view.filter, drop) : null;
    if (columns.length === view.columns.length && sortField === view.sortField && JSON.stringify(filter) === JSON.stringify(view.filter ?? null)) continue;
    await tx.update(crmListView).set({ columns, sortField, filter, updateTime: new Date() }).where(eq(crmListView.id, view.id));
    changed++;
  }
  return changed;
}

/** Takes a field out of every layout of the module (the template never holds a custom field). */
export async function pruneLayoutReferences(tx: Executor, module: CrmModule, field: string): Promise<void> {
  const layouts = await tx.select().from(crmLayout).where(eq(crmLayout.module, module));
  for (const layout of layouts) {
    if (!layout.sections.some((s) => s.fields.some((f) => f.field === field))) continue;
    const sections = layout.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f.field !== field) }));
    await tx.update(crmLayout).set({ sections, updateTime: new Date() }).where(eq(crmLayout.id, layout.id));
  }
}
