import { createContext, useContext } from 'react';
import type { ModuleMeta } from '@orbit/shared/contract/crm';

/**
 * The metadata of the module whose records are on screen, for the field-type components that
 * need more than their field (a record-type picker lists the module's record types).
 */
export const ModuleMetaContext = createContext<ModuleMeta | null>(null);

export function useCurrentModuleMeta(): ModuleMeta | null {
  return useContext(ModuleMetaContext);
}
