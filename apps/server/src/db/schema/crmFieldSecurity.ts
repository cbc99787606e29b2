import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { crmField } from './crm';
import { sysRole } from './organisation';

/**
 * Field-level security (Set-up › Fields › Field security; docs/records-engine.md, "Field-level
 * security"): a role's access to a field when it is less than the default (visible and editable) —
 * `hidden` or `readOnly`. No row: visible and editable. Loaded with the metadata (a change bumps the
 * metadata version), so a request reads no row of it.
 */
export const crmFieldSecurity = pgTable(
  'crm_field_security',
  {
    fieldId: bigint('field_id', { mode: 'number' })
      .notNull()
      .references(() => crmField.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => sysRole.roleId, { onDelete: 'cascade' }),
    access: text('access').notNull(),
    updateBy: text('update_by'),
    updateTime: ts('update_time'),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.roleId] })],
);
