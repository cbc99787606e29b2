import { z } from 'zod';
import { stringValue } from '../validation';

/**
 * Field-level security (docs/records-engine.md, "Field-level security"): a role's access to a
 * field. `edit` is the default (no row); a user with several roles gets the most permissive of
 * them; administrators always `edit`.
 */
export const FIELD_ACCESS = ['edit', 'readOnly', 'hidden'] as const;
export type FieldAccess = (typeof FIELD_ACCESS)[number];
/** Access kept as a row (anything less than the default). */
export type FieldRestriction = Exclude<FieldAccess, 'edit'>;

/** Set-up › Fields › Field security: one module's matrix. `access[fieldName][roleId]`, `edit` cells left out. */
export type FieldSecurityMatrix = {
  roles: Array<{ roleId: number; roleName: string }>;
  fields: Array<{ name: string; label: string; securable: boolean }>;
  access: Record<string, Record<string, FieldRestriction>>;
};

/** A module's matrix as saved: every restricted cell (the module's other cells become `edit`). */
export const fieldSecurityBody = z.object({
  cells: z
    .array(z.object({ field: stringValue().min(1).max(64), roleId: z.coerce.number().int().positive(), access: z.enum(FIELD_ACCESS) }))
    .max(20000),
});
export type FieldSecurityBody = z.infer<typeof fieldSecurityBody>;

export const fieldSecurityEn = {
  'fieldSecurity.notSecurable': '{{field}} is a system, name or required field: it stays visible and editable to every role',
  'fieldSecurity.unknownRole': 'The role does not exist',
  'fieldSecurity.readOnly': '{{field}} is read-only for you',
};

export const fieldSecurityZh: Record<keyof typeof fieldSecurityEn, string> = {
  'fieldSecurity.notSecurable': '{{field}} 是系统、名称或必填字段：对所有角色均可见且可编辑',
  'fieldSecurity.unknownRole': '该角色不存在',
  'fieldSecurity.readOnly': '{{field}} 对您是只读的',
};
