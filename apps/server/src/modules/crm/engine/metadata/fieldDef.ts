import type { FieldMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';

/**
 * A field as the engine uses it at run time: what the wire's FieldMeta says, in both languages
 * instead of the request's, with the column it lives in.
 */
export type FieldDef = Omit<FieldMeta, 'label' | 'help'> & {
  module: CrmModule;
  column: string;
  helpEn: string;
  helpZh: string;
  active: boolean;
};
