import { z } from 'zod';
import { isWebAddress } from '../patterns';
import { oneOf, requiredText } from '../validation';
import { id, nullableText, statusFilter, statusValue, textFilter } from './common';

export const menuListQuery = z.object({ menuName: textFilter(50), status: statusFilter, visible: statusFilter });
export type MenuListQuery = z.infer<typeof menuListQuery>;

/** M directory, C page, F button. */
export const MENU_TYPES = ['M', 'C', 'F'] as const;

const PERMS = /^[A-Za-z0-9_:*,-]*$/;

/** RuoYi's '0' / '1' flags: strings on the wire (its radios and tags compare strings); numbers are accepted too. */
export const MENU_FLAGS = ['0', '1'] as const;
export type MenuFlag = (typeof MENU_FLAGS)[number];
const menuFlag = z.union([z.enum(MENU_FLAGS), z.literal(0), z.literal(1)], { error: 'validation.invalidValue' }).transform((v) => String(v) as MenuFlag);
const menuFields = {
  parentId: z.coerce.number().int().min(0).default(0),
  menuName: requiredText(50),
  orderNum: z.coerce.number().int().min(0).max(9999).default(0),
  menuType: oneOf(MENU_TYPES),
  path: nullableText(200),
  component: nullableText(255),
  query: nullableText(255),
  routeName: nullableText(50),
  /** '0' external link, '1' internal page. */
  isFrame: menuFlag.default('1'),
  /** '0' cached, '1' not cached. */
  isCache: menuFlag.default('0'),
  visible: statusValue.default('0'),
  status: statusValue.default('0'),
  perms: nullableText(100).refine((v) => PERMS.test(v), { error: 'validation.wrongFormat' }),
  icon: nullableText(100),
  /** Route meta `affix` and `breadcrumb`; left out (RuoYi's menu form), a menu keeps what it has. */
  affix: z.boolean().optional(),
  breadcrumb: z.boolean().optional(),
  remark: nullableText(500),
};
/** A path naming somewhere else rather than a route: a scheme (`https:`, `javascript:`) or a host of its own (`//`). */
const ADDRESS = /^([A-Za-z][A-Za-z0-9+.-]*:|[\\/]{2})/;

/**
 * Why a menu's path cannot be saved: an external link (isFrame 0), and any path that is an
 * address, must be a web address (isWebAddress) — the sidebar opens it in a new tab, marked as
 * leaving the app. Server and menu dialog both ask this.
 */
export function menuPathProblem(path: string, isFrame: MenuFlag | number): 'menu.externalLink' | undefined {
  return (String(isFrame) === '0' || ADDRESS.test(path)) && !isWebAddress(path) ? 'menu.externalLink' : undefined;
}

export const createMenuBody = z.object(menuFields);
export type CreateMenuBody = z.infer<typeof createMenuBody>;
export const updateMenuBody = z.object({ ...menuFields, menuId: id });
export type UpdateMenuBody = z.infer<typeof updateMenuBody>;

export type MenuRow = {
  menuId: number;
  menuName: string;
  parentId: number;
  orderNum: number;
  path: string;
  component: string | null;
  query: string | null;
  routeName: string;
  isFrame: MenuFlag;
  isCache: MenuFlag;
  menuType: string;
  visible: string;
  status: string;
  perms: string | null;
  icon: string;
  affix: boolean;
  breadcrumb: boolean;
  remark: string;
  createTime: string;
};
