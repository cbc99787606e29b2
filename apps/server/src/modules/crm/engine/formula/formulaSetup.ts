import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Language } from '@orbit/shared/constants';
import { FIELD_TYPE_OF_RESULT, checkFormula, type CheckedFormula } from '@orbit/shared/crm/formula';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { labelIn } from '@orbit/shared/crm/labelIn';
import { badRequest, fieldError } from '../../../../lib/errors';
import type { MetadataStore } from '../metadata/moduleDef';
import { formulaScope } from './formulaFields';
import { formulaDecimals, formulaResolver, formulaToSql, isStorable, resultSql } from './formulaSql';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { filterNames } from '../views/fieldReferences';

const dialect = new PgDialect();

/** A formula written without parameters, for a generated column's DDL (the compiler's 'inline' mode binds nothing). */
export function inlineSql(expression: SQL): string {
  const query = dialect.sqlToQuery(expression);
  if (query.params.length) throw new Error('a generated column expression must bind nothing');
  return query.sql;
}

/** A formula of `module` checked for saving, or a refusal on the `formula` field of the form. */
export function checkFormulaForSave(meta: MetadataStore, module: CrmModule, text: string, name: string, lang: Language): CheckedFormula {
  const def = meta.module(module);
  const checked = checkFormula(text, formulaResolver(formulaScope(def, (m) => meta.module(m)), lang), name);
  if (!checked.ok) throw fieldError('formula', checked.error.key, checked.error.params);
  return checked.formula;
}

/** The column type, decimals and (when stored) the generated column's expression of a checked formula. */
export function formulaStorage(meta: MetadataStore, module: CrmModule, formula: CheckedFormula, decimals: number | null | undefined) {
  const type = FIELD_TYPE_OF_RESULT[formula.type];
  const places = type === 'number' ? formulaDecimals({ decimals }) : null;
  const def = meta.module(module);
  const generated = isStorable(formula) ? inlineSql(resultSql(formulaToSql(formula.tree, formulaScope(def, (m) => meta.module(m)), 'inline'), formula.type, places ?? 0)) : null;
  return { type, decimals: places, generated };
}

/**
 * Refuses to delete or retype a field a formula reads (its own module's formulas, and those of
 * modules whose lookups point at it): a stored formula's column depends on it, a computed one would
 * stop checking.
 */
export function assertNotInFormula(meta: MetadataStore, module: CrmModule, name: string, lang: Language): void {
  for (const m of CRM_MODULES) {
    const def = meta.module(m);
    for (const field of def.fields) {
      if (field.rollup?.child === module) {
        // A roll-up's trigger reads the child's lookup, summed field and filter.
        const r = field.rollup;
        if (r.via === name || r.field === name || filterNames(r.filter ?? null, name)) throw badRequest('formula.fieldInUse', { field: name, by: labelIn(lang, field.labelEn, field.labelZh) });
      }
      if (!field.formula) continue;
      const checked = checkFormula(field.formula, formulaResolver(formulaScope(def, (x) => meta.module(x)), lang), field.name);
      if (!checked.ok) continue;
      const lookups = def.fields.filter((f) => f.lookupModule === module).map((f) => `${f.name}.${name}`);
      const reads = (m === module && checked.formula.fields.includes(name)) || checked.formula.parents.some((p) => lookups.includes(p));
      if (reads) throw badRequest('formula.fieldInUse', { field: name, by: labelIn(lang, field.labelEn, field.labelZh) });
    }
  }
}
