import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CreateListViewBody, ListViewMeta, OwnerScope, UpdateListViewBody } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Executor } from '../../../../db/client';
import { crmListView } from '../../../../db/schema/crm';
import { AppError, badRequest, fieldError, notFound } from '../../../../lib/errors';
import { CODE } from '@orbit/shared/constants';
import { hasPermission, type CurrentUser } from '../../../auth/currentUser';
import type { ModuleDef } from '../metadata/moduleDef';
import { compileFilter } from '../query/filterCompiler';

type ViewRow = typeof crmListView.$inferSelect;

/** Who sees a view: built-in and shared views everyone, a private one its owner. */
const visibleTo = (user: CurrentUser) => or(isNull(crmListView.ownerId), eq(crmListView.shared, true), eq(crmListView.ownerId, user.userId));

/** Sharing a view with everyone is for those who set the module up (administrators, sales managers). */
export const mayShareViews = (user: CurrentUser) => hasPermission(user, PERMISSIONS.setupFields.list);

function mayEdit(user: CurrentUser, view: ViewRow): boolean {
  return !view.builtIn && (view.ownerId === user.userId || user.isAdmin);
}

export function toListViewMeta(view: ViewRow, user: CurrentUser, lang: Language): ListViewMeta {
  return {
    id: view.id,
    name: view.name,
    label: lang === 'zh' && view.nameZh ? view.nameZh : view.name,
    ownerId: view.ownerId,
    shared: view.shared,
    builtIn: view.builtIn,
    columns: view.columns,
    sortField: view.sortField,
    sortOrder: view.sortOrder === 'asc' ? 'asc' : 'desc',
    filter: view.filter ?? null,
    ownerScope: view.ownerScope as OwnerScope,
    canEdit: mayEdit(user, view),
  };
}

/**
 * Saved list views of a module: built-in ones (shipped, never changed), shared ones and the user's
 * own. A view names fields; a field that is no longer active is dropped from its columns and sort
 * when it is used, and a filter naming one is refused with a clear message (not a 500).
 */
export function createListViews(db: Executor, module: CrmModule) {
  async function find(user: CurrentUser, id: number): Promise<ViewRow> {
    const [view] = await db.select().from(crmListView).where(and(eq(crmListView.module, module), eq(crmListView.id, id), visibleTo(user)));
    if (!view) throw notFound('view.notFound');
    return view;
  }

  /** The fields a view names must exist (and the filter compile) in the module's current metadata. */
  function check(def: ModuleDef, body: CreateListViewBody, lang: Language): void {
    for (const name of body.columns) if (!def.byName.has(name)) throw fieldError('columns', 'record.unknownField', { name });
    if (body.sortField && !def.byName.get(body.sortField)?.sortable) throw fieldError('sortField', 'sort.unknownField', { name: body.sortField });
    if (body.filter) compileFilter(body.filter, def, lang);
  }

  async function assertNameFree(user: CurrentUser, name: string, exceptId?: number): Promise<void> {
    const [taken] = await db
      .select({ id: crmListView.id })
      .from(crmListView)
      .where(and(eq(crmListView.module, module), eq(crmListView.ownerId, user.userId), sql`lower(${crmListView.name}) = lower(${name})`));
    if (taken && taken.id !== exceptId) throw fieldError('name', 'view.nameTaken', { value: name });
  }

  const columnsOf = (body: CreateListViewBody) => ({
    name: body.name,
    shared: body.shared,
    columns: body.columns,
    sortField: body.sortField,
    sortOrder: body.sortOrder,
    filter: body.filter,
    ownerScope: body.ownerScope,
  });

  return {
    find,

    async list(user: CurrentUser): Promise<ViewRow[]> {
      return db
        .select()
        .from(crmListView)
        .where(and(eq(crmListView.module, module), visibleTo(user)))
        .orderBy(sql`${crmListView.builtIn} desc`, asc(crmListView.id));
    },

    async create(user: CurrentUser, def: ModuleDef, body: CreateListViewBody, lang: Language): Promise<number> {
      check(def, body, lang);
      if (body.shared && !mayShareViews(user)) throw new AppError(CODE.forbidden, 'view.shareNotAllowed');
      await assertNameFree(user, body.name);
      const [row] = await db.insert(crmListView).values({ module, ownerId: user.userId, ...columnsOf(body) }).returning({ id: crmListView.id });
      return row!.id;
    },

    async update(user: CurrentUser, def: ModuleDef, body: UpdateListViewBody, lang: Language): Promise<void> {
      const view = await find(user, body.id);
      if (view.builtIn) throw badRequest('view.builtIn');
      if (!mayEdit(user, view)) throw new AppError(CODE.forbidden, 'view.notEditable');
      check(def, body, lang);
      if (body.shared && !view.shared && !mayShareViews(user)) throw new AppError(CODE.forbidden, 'view.shareNotAllowed');
      if (view.ownerId === user.userId) await assertNameFree(user, body.name, view.id);
      await db.update(crmListView).set({ ...columnsOf(body), updateTime: new Date() }).where(eq(crmListView.id, view.id));
    },

    async remove(user: CurrentUser, id: number): Promise<void> {
      const view = await find(user, id);
      if (view.builtIn) throw badRequest('view.builtIn');
      if (!mayEdit(user, view)) throw new AppError(CODE.forbidden, 'view.notEditable');
      await db.delete(crmListView).where(eq(crmListView.id, view.id));
    },
  };
}
