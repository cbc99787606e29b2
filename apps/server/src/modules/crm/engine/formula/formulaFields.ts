import { sql } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { ModuleDef } from '../metadata/moduleDef';
import { checkModuleFormula, formulaDecimals, formulaToSql, isStorable, resultSql, type FormulaScope } from './formulaSql';

/** What a formula of `def` may read, in the loaded metadata. */
export function formulaScope(def: Pick<ModuleDef, 'table' | 'fields'>, modules: (module: CrmModule) => Pick<ModuleDef, 'table' | 'fields'> | undefined): FormulaScope {
  return { self: { table: def.table, fields: def.fields }, module: modules };
}

/**
 * At each metadata load: the SQL of every formula the database does not store (it reads a parent
 * or TODAY()), which lists select, filter and sort by in place of a column (records/listShape.ts,
 * query/recordColumns.ts, query/filterCompiler.ts). A stored formula is a generated column and
 * needs nothing here. A formula that no longer checks (cannot happen: the fields it reads cannot
 * be deleted or retyped) reads as empty rather than failing every list.
 */
export function attachFormulaExpressions(modules: Map<CrmModule, ModuleDef>): void {
  for (const def of modules.values()) {
    const scope = formulaScope(def, (m) => modules.get(m));
    for (const field of def.fields) {
      if (!field.formula) continue;
      const checked = checkModuleFormula(field.formula, scope, 'en', field.name);
      if (!checked.ok) {
        field.expression = sql`null`;
        field.expressionAt = () => sql`null`;
      } else if (!isStorable(checked.formula)) {
        const { tree, type } = checked.formula;
        const at = (self: FormulaScope['self']) => resultSql(formulaToSql(tree, { ...scope, self }, 'bind'), type, formulaDecimals(field));
        field.expression = at(scope.self);
        field.expressionAt = (alias) => at({ ...scope.self, table: alias });
      }
    }
  }
}
