import type { CrmModule } from '@orbit/shared/crm/modules';
import type { ModuleRecordViews, ModuleRecordViewsFile } from './recordViews';

/**
 * Every module's `<module>.recordViews.tsx`, found by its name when the engine's code loads — as the
 * server finds its modules' files — so a module adds its parts by adding that file, and the engine
 * names none. (Vite writes the files found into the engine's own chunk: they load with it.)
 */
const files = import.meta.glob<ModuleRecordViewsFile>('../*/*.recordViews.tsx', { eager: true, import: 'default' });
const VIEWS = new Map<CrmModule, ModuleRecordViews>(Object.values(files).map((file) => [file.module, file.views]));

/** A module's own parts of its records' views, if it has any. */
export const recordViewsOf = (module: CrmModule): ModuleRecordViews | undefined => VIEWS.get(module);

/** The fields a list of a module's records asks for: the columns shown and what the module's row parts read. */
export const withRowFields = (module: CrmModule, columns: string[]): string[] => [...new Set([...columns, ...(recordViewsOf(module)?.rowFields ?? [])])];
