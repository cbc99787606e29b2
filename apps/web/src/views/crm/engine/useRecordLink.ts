import type { CrmModule } from '@orbit/shared/crm/modules';
import type { MenuModel } from '../../../layout/routes/menuModel';
import { useMenuModel } from '../../../layout/routes/useMenuModel';

/** The view path of a module's detail page, as the server's menu names it. */
export const detailComponent = (module: CrmModule) => `crm/${module}/detail`;

/**
 * The address of a record's detail page (`/Leads/leads-detail?flag=detail&id=7`), found in the
 * user's menu: null when the menu has no such page, i.e. the user may not open it.
 */
export function recordLinkOf(model: MenuModel, module: CrmModule, id: number): string | null {
  const page = model.pages.find((p) => p.component === detailComponent(module));
  return page ? `${page.fullPath}?flag=detail&id=${id}` : null;
}

export function useRecordLink(): (module: CrmModule, id: number) => string | null {
  const model = useMenuModel();
  return (module, id) => recordLinkOf(model, module, id);
}

/** The address of a module's list page, when the user's menu has it. */
export function useListLink(module: CrmModule): string | null {
  return useMenuModel().pages.find((p) => p.component === `crm/${module}/index`)?.fullPath ?? null;
}
