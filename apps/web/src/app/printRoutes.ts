import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';

/**
 * Addresses of the print views: hidden, signed in, without the layout's chrome. SPEC §2 names the
 * leads' (`/Leads/print-leads-index`, `/Leads/print-leads-detail`); every other module has the same
 * pair beside its own pages (`/opportunity/print-opportunity-index`).
 */
export type PrintView = 'index' | 'detail';

const folder = (module: CrmModule) => (module === 'leads' ? 'Leads' : module);

export const printPath = (module: CrmModule, view: PrintView) => `/${folder(module)}/print-${module}-${view}`;

/** Every print view's address with its module, for the router. */
export const PRINT_ROUTES = CRM_MODULES.flatMap((module) => (['index', 'detail'] as const).map((view) => ({ module, view, path: printPath(module, view) })));

/** The module a print view's address is for (undefined for any other address). */
export const printModuleOf = (pathname: string): CrmModule | undefined => PRINT_ROUTES.find((r) => r.path === pathname)?.module;
