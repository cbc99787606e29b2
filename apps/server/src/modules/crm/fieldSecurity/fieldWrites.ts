import type { Language } from '@orbit/shared/constants';
import { labelIn } from '@orbit/shared/crm/labelIn';
import { badRequest } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { fieldRestrictions } from './fieldAccess';

/**
 * A write's body as the user may send it (docs/records-engine.md, "Field-level security"): a hidden
 * field is refused as the unknown field it is to this user (the same words as a name that does not
 * exist, so the refusal tells nothing), a read-only one ignored — as a layout's read-only field is,
 * so that a client may echo a record back. Applied before the module's write rule, which may still
 * set such a field (a stage brings its probability), and a create gives it its default.
 */
export function withoutSecuredFields(def: ModuleDef, user: CurrentUser, body: Record<string, unknown>): Record<string, unknown> {
  // A workflow rule's actions write as the system, not as its author (docs/decisions.md): what they set was decided in Set-up.
  if (user.automation) return body;
  const restrictions = fieldRestrictions(def, user);
  if (!restrictions.size) return body;
  let sent = body;
  for (const name of Object.keys(body)) {
    const restriction = restrictions.get(name);
    if (restriction === 'hidden') throw badRequest('record.unknownField', { name });
    if (restriction === 'readOnly') {
      if (sent === body) sent = { ...body };
      delete sent[name];
    }
  }
  return sent;
}

/**
 * A request that writes one named field and nothing else (a mass update, an import's column) is
 * refused for a field the user may not edit: ignoring it would answer success for a change not made.
 */
export function assertFieldWritable(def: ModuleDef, user: CurrentUser, field: FieldDef, lang: Language): void {
  const restriction = fieldRestrictions(def, user).get(field.name);
  if (restriction === 'hidden') throw badRequest('record.unknownField', { name: field.name });
  if (restriction === 'readOnly') throw badRequest('fieldSecurity.readOnly', { field: labelIn(lang, field.labelEn, field.labelZh) });
}
