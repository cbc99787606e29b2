import { sql, type SQL } from 'drizzle-orm';
import { labelIn } from '@orbit/shared/crm/labelIn';
import type { Language } from '@orbit/shared/constants';
import { OPERATORS_BY_TYPE, operandShape } from '@orbit/shared/crm/fieldTypes';
import { isCondition, type FilterCondition, type FilterNode } from '@orbit/shared/crm/filter';
import { badRequest } from '../../../../lib/errors';
import { BadFilterValue } from '../fieldTypes/fieldType';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { col } from './sql';

export const labelOf = (field: FieldDef, lang: Language) => labelIn(lang, field.labelEn, field.labelZh);

/**
 * A column as SQL: a plain quoted identifier, or one qualified by a table alias in a join (reports),
 * which then names its `alias` (a formula computed when read is written over that alias).
 */
export type ColumnOf = ((name: string) => SQL) & { alias?: string };

function compileCondition(node: FilterCondition, def: ModuleDef, lang: Language, column: ColumnOf): SQL {
  const field = def.byName.get(node.field);
  if (!field) throw badRequest('filter.unknownField', { name: node.field });
  const label = labelOf(field, lang);
  if (!field.filterable) throw badRequest('filter.notFilterable', { field: label });
  if (!OPERATORS_BY_TYPE[field.type].includes(node.op)) throw badRequest('filter.badOperator', { field: label, op: node.op });
  if (operandShape(node.op) !== 'none' && node.value === undefined) throw badRequest('filter.badValue', { field: label });
  try {
    // A formula computed in the SELECT is filtered by its expression in place of a column.
    const expression = column.alias && field.expressionAt ? field.expressionAt(column.alias) : field.expression;
    const of: ColumnOf = expression ? (name) => (name === field.column ? expression : column(name)) : column;
    return sql`(${FIELD_TYPE_REGISTRY[field.type].condition(of, field.column, node.op, node.value, field)})`;
  } catch (error) {
    if (error instanceof BadFilterValue) throw badRequest('filter.badValue', { field: label });
    throw error;
  }
}

/**
 * A filter tree as one SQL condition: every field checked against the module's metadata and every
 * operator against the field's type; values are bound parameters, columns quoted identifiers.
 * An empty group adds no condition. `column`: how a column is written (qualified by an alias when
 * the statement joins several module tables, as a report with a related module does).
 */
export function compileFilter(node: FilterNode, def: ModuleDef, lang: Language, column: ColumnOf = col): SQL | undefined {
  if (isCondition(node)) return compileCondition(node, def, lang, column);
  if ('not' in node) {
    const inner = compileFilter(node.not, def, lang, column);
    return inner ? sql`not (${inner})` : undefined;
  }
  const children = ('and' in node ? node.and : node.or).map((child) => compileFilter(child, def, lang, column)).filter((c): c is SQL => c !== undefined);
  if (!children.length) return undefined;
  return sql`(${sql.join(children, 'and' in node ? sql` and ` : sql` or `)})`;
}
