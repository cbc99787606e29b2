import { z } from 'zod';
import { CRM_MODULES, type CrmModule } from '../crm/modules';
import { id } from './common';

/** A record a user viewed or starred, as the lists show it: its module, id and display name. */
export type UserRecordItem = { module: CrmModule; id: number; name: string; /** ISO time it was viewed or starred. */ at: string };

/** `POST /crm/recent`, `POST /crm/favourite`, `DELETE /crm/favourite/{module}/{id}`: one record. */
export const userRecordRef = z.object({ module: z.enum(CRM_MODULES), id });
export type UserRecordRef = z.infer<typeof userRecordRef>;
