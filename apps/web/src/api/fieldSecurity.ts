import type { FieldSecurityBody, FieldSecurityMatrix } from '@orbit/shared/crm/fieldSecurity';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { request } from './request';

type Data<T> = { code: number; msg: string; data: T };

/** Set-up › Page Layout › Field Security (docs/records-engine.md, "Field-level security"): a module's fields × roles. */
export const getFieldSecurity = (module: CrmModule) => request<Data<FieldSecurityMatrix>>({ url: `/setup/${module}/fieldSecurity` });
export const saveFieldSecurity = (module: CrmModule, body: FieldSecurityBody) => request({ url: `/setup/${module}/fieldSecurity`, method: 'PUT', data: body });
