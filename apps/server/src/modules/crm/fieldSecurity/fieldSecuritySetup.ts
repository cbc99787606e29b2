import { and, eq, inArray, sql } from 'drizzle-orm';
import { ADMIN_ROLE_KEY, type Language } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { labelIn } from '@orbit/shared/crm/labelIn';
import type { FieldRestriction, FieldSecurityBody, FieldSecurityMatrix } from '@orbit/shared/crm/fieldSecurity';
import type { Db } from '../../../db/client';
import { crmFieldSecurity } from '../../../db/schema/crmFieldSecurity';
import { sysRole } from '../../../db/schema/organisation';
import { badRequest } from '../../../lib/errors';
import { lockModuleSetup } from '../engine/ddl/customColumns';
import { bumpMetaVersion } from '../engine/metadata/metaVersion';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { isSecurable } from './fieldAccess';

/** The roles a field can be restricted for: present and enabled, but the administrators' (who always see everything). */
async function securableRoles(db: Db): Promise<Array<{ roleId: number; roleName: string }>> {
  const rows = await db
    .select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey })
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, '0'), eq(sysRole.status, '0')))
    .orderBy(sysRole.roleSort, sysRole.roleId);
  return rows.filter((r) => r.roleKey !== ADMIN_ROLE_KEY).map(({ roleId, roleName }) => ({ roleId, roleName }));
}

/** Set-up › Fields › Field security of one module: its active fields × the roles, from the current metadata. */
export async function fieldSecurityMatrix(db: Db, meta: MetadataStore, module: CrmModule, lang: Language): Promise<FieldSecurityMatrix> {
  const def = meta.module(module);
  const access: FieldSecurityMatrix['access'] = {};
  for (const [name, byRole] of def.fieldSecurity) {
    if (!def.byName.has(name)) continue;
    access[name] = Object.fromEntries([...byRole].map(([roleId, a]) => [String(roleId), a]));
  }
  return {
    roles: await securableRoles(db),
    fields: def.fields.map((f) => ({ name: f.name, label: labelIn(lang, f.labelEn, f.labelZh), securable: isSecurable(def, f) })),
    access,
  };
}

/**
 * Saves a module's matrix: every restricted cell sent, the module's other cells back to visible and
 * editable — in one transaction under the module's set-up lock that bumps the metadata version, so
 * every process serves the new access from its next request (the only invalidation there is).
 * A system, name or required field, an unknown field or role refuses the lot.
 */
export async function saveFieldSecurity(db: Db, meta: MetadataStore, module: CrmModule, body: FieldSecurityBody, by: string, lang: Language): Promise<void> {
  const def = meta.module(module);
  const roles = new Set((await securableRoles(db)).map((r) => r.roleId));
  const cells = new Map<string, { fieldId: number; roleId: number; access: FieldRestriction }>();
  for (const cell of body.cells) {
    const field = def.byName.get(cell.field);
    if (!field) throw badRequest('record.unknownField', { name: cell.field });
    if (!roles.has(cell.roleId)) throw badRequest('fieldSecurity.unknownRole');
    if (cell.access === 'edit') continue;
    if (!isSecurable(def, field)) throw badRequest('fieldSecurity.notSecurable', { field: labelIn(lang, field.labelEn, field.labelZh) });
    cells.set(`${field.id}:${cell.roleId}`, { fieldId: field.id, roleId: cell.roleId, access: cell.access });
  }
  await db.transaction(async (tx) => {
    await lockModuleSetup(tx, module);
    const ids = def.fields.map((f) => f.id);
    if (ids.length) await tx.delete(crmFieldSecurity).where(inArray(crmFieldSecurity.fieldId, ids));
    if (cells.size) await tx.insert(crmFieldSecurity).values([...cells.values()].map((c) => ({ ...c, updateBy: by, updateTime: sql`now()` })));
    await bumpMetaVersion(tx);
  });
}
