import type { SQL } from 'drizzle-orm';
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
  /**
   * A formula the database cannot store (it reads a parent's field or TODAY()): the SQL expression
   * lists select, filter and sort by instead of a column (engine/formula/formulaSql.ts).
   */
  expression?: SQL;
  /** The same expression over the record's table under an alias (a report's `b` or `r`). */
  expressionAt?: (alias: string) => SQL;
};
