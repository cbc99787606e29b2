import type { CurrentUser } from '../../auth/currentUser';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { fieldRestrictions } from './fieldAccess';

/** The names of the fields the user may not see (field history and timelines leave their changes out). */
export function hiddenFieldNames(def: ModuleDef, user: CurrentUser): string[] {
  return [...fieldRestrictions(def, user)].filter(([, access]) => access === 'hidden').map(([name]) => name);
}
