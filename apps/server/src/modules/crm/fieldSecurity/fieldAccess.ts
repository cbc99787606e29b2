import type { FieldAccess, FieldRestriction } from '@orbit/shared/crm/fieldSecurity';
import type { CurrentUser } from '../../auth/currentUser';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { LayoutDef, ModuleDef } from '../engine/metadata/moduleDef';

/**
 * Field-level security as one user meets it (docs/records-engine.md, "Field-level security"). The
 * rows come with the metadata (a change bumps its version), and what a set of roles makes of them
 * is kept per module definition and role set — a request computes nothing and reads no row, and a
 * reload of the metadata (a new definition object) drops the old answers with it.
 */

const RANK: Record<FieldAccess, number> = { hidden: 0, readOnly: 1, edit: 2 };

type Secured = { restrictions: Map<string, FieldRestriction>; def: ModuleDef };
const cache = new WeakMap<ModuleDef, Map<string, Secured>>();
const NONE = new Map<string, FieldRestriction>();

/** Fields no role can lose: system fields (owner, record type, audit columns), the record's name, required ones (a form could not be saved without them). */
export function isSecurable(def: ModuleDef, field: FieldDef): boolean {
  return !field.system && !field.required && !def.nameFields.includes(field.name);
}

/** A field's access for a set of roles: the most permissive of them; a role without a row edits. */
function accessOfRoles(def: ModuleDef, field: FieldDef, roleIds: number[]): FieldAccess {
  const byRole = def.fieldSecurity.get(field.name);
  if (!byRole || !isSecurable(def, field) || !roleIds.length) return 'edit';
  let best: FieldAccess = 'hidden';
  for (const roleId of roleIds) {
    const access = byRole.get(roleId) ?? 'edit';
    if (RANK[access] > RANK[best]) best = access;
  }
  return best;
}

function secure(def: ModuleDef, roleIds: number[]): Secured {
  const restrictions = new Map<string, FieldRestriction>();
  for (const field of def.fields) {
    const access = accessOfRoles(def, field, roleIds);
    if (access !== 'edit') restrictions.set(field.name, access);
  }
  if (!restrictions.size) return { restrictions: NONE, def };
  const fields = def.fields.filter((f) => restrictions.get(f.name) !== 'hidden').map((f) => (restrictions.has(f.name) ? { ...f, readOnly: true } : f));
  const layout = (l: LayoutDef): LayoutDef => ({
    ...l,
    sections: l.sections.map((s) => ({
      ...s,
      fields: s.fields.filter((item) => restrictions.get(item.field) !== 'hidden').map((item) => (restrictions.has(item.field) ? { ...item, readOnly: true } : item)),
    })),
  });
  return {
    restrictions,
    def: {
      ...def,
      fields,
      byName: new Map(fields.map((f) => [f.name, f])),
      keyFields: def.keyFields.filter((n) => restrictions.get(n) !== 'hidden'),
      layouts: def.layouts.map(layout),
    },
  };
}

function securedOf(def: ModuleDef, user: CurrentUser): Secured {
  if (user.isAdmin || !def.fieldSecurity.size) return { restrictions: NONE, def };
  const roleIds = user.roles.map((r) => r.roleId).sort((a, b) => a - b);
  const key = roleIds.join(',');
  let byRoles = cache.get(def);
  if (!byRoles) cache.set(def, (byRoles = new Map()));
  let secured = byRoles.get(key);
  if (!secured) byRoles.set(key, (secured = secure(def, roleIds)));
  return secured;
}

/** The fields the user may not edit (`readOnly`) or not see (`hidden`); empty for an administrator. */
export function fieldRestrictions(def: ModuleDef, user: CurrentUser): ReadonlyMap<string, FieldRestriction> {
  return securedOf(def, user).restrictions;
}

/**
 * The module as the user may see it: hidden fields gone (from fields, key fields and layouts),
 * read-only ones marked read-only. What every read path uses, so a hidden field is never selected,
 * filtered, sorted, grouped or written out; the same object for every request of the same roles.
 */
export function securedDef(def: ModuleDef, user: CurrentUser): ModuleDef {
  return securedOf(def, user).def;
}
