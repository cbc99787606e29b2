import { bigint, boolean, char, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/** Directories (M), pages (C) and buttons (F); `perms` is the permission string a page or button needs. */
export const sysMenu = pgTable(
  'sys_menu',
  {
    menuId: bigint('menu_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    menuName: text('menu_name').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    orderNum: integer('order_num').notNull().default(0),
    path: text('path').notNull().default(''),
    component: text('component'),
    query: text('query'),
    /** Route name; menu labels are translated by it on the client. */
    routeName: text('route_name').notNull().default(''),
    /** 0 external link, 1 internal page. */
    isFrame: integer('is_frame').notNull().default(1),
    /** 0 cached, 1 not cached. */
    isCache: integer('is_cache').notNull().default(0),
    menuType: char('menu_type', { length: 1 }).notNull(),
    /** '0' shown, '1' hidden. */
    visible: char('visible', { length: 1 }).notNull().default('0'),
    status: char('status', { length: 1 }).notNull().default('0'),
    perms: text('perms'),
    icon: text('icon').notNull().default('#'),
    /** A page whose tab is pinned in the tab bar (route meta `affix`). */
    affix: boolean('affix').notNull().default(false),
    /** Shown as a crumb of the breadcrumb (route meta `breadcrumb`); false leaves it out. */
    breadcrumb: boolean('breadcrumb').notNull().default(true),
    remark: text('remark').notNull().default(''),
    ...auditColumns,
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId, t.orderNum)],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    menuId: bigint('menu_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_role_menu_menu_idx').on(t.menuId)],
);
