import { z } from 'zod';
import { EMAIL_MAX } from '../constants';
import { optionalEmail, requiredText } from '../validation';
import { id, nullableText, statusFilter, statusValue, textFilter } from './common';

export const deptListQuery = z.object({ deptName: textFilter(30), status: statusFilter });
export type DeptListQuery = z.infer<typeof deptListQuery>;

const deptFields = {
  /** 0 only for the root, which already exists: a new department always has a parent. */
  parentId: id,
  deptName: requiredText(30),
  orderNum: z.coerce.number().int().min(0).max(9999).default(0),
  leader: nullableText(20),
  phone: nullableText(20),
  email: optionalEmail(EMAIL_MAX)
    .nullish()
    .transform((v) => v ?? ''),
  status: statusValue.default('0'),
};
export const createDeptBody = z.object(deptFields);
export type CreateDeptBody = z.infer<typeof createDeptBody>;
export const updateDeptBody = z.object({ ...deptFields, parentId: z.coerce.number().int().min(0), deptId: id });
export type UpdateDeptBody = z.infer<typeof updateDeptBody>;

export type DeptRow = {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  orderNum: number;
  leader: string;
  phone: string;
  email: string;
  status: string;
  createTime: string;
};
