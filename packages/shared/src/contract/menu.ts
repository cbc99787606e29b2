import { z } from 'zod';
import { oneOf, requiredText } from '../validation';
import { id, nullableText, statusFilter, statusValue, textFilter } from './common';

export const menuListQuery = z.object({ menuName: textFilter(50), status: statusFilter, visible: statusFilter });
export type MenuListQuery = z.infer<typeof menuListQuery>;

/** M directory, C page, F button. */
export const MENU_TYPES = ['M', 'C', 'F'] as const;

const PERMS = /^[A-Za-z0-9_:*,-]*$/;
const menuFields = {
  parentId: z.coerce.number().int().min(0).default(0),
  menuName: requiredText(50),
  orderNum: z.coerce.number().int().min(0).max(9999).default(0),
  menuType: oneOf(MENU_TYPES),
  path: nullableText(200),
  component: nullableText(255),
  query: nullableText(255),
  routeName: nullableText(50),
  /** 0 external link, 1 internal page. */
  isFrame: z.coerce.number().int().min(0).max(1).default(1),
  /** 0 cached, 1 not cached. */
  isCache: z.coerce.number().int().min(0).max(1).default(0),
  visible: statusValue.default('0'),
  status: statusValue.default('0'),
  perms: nullableText(100).refine((v) => PERMS.test(v), { error: 'validation.wrongFormat' }),
  icon: nullableText(100),
  remark: nullableText(500),
};
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
  isFrame: number;
  isCache: number;
  menuType: string;
  visible: string;
  status: string;
  perms: string | null;
  icon: string;
  remark: string;
  createTime: string;
};
