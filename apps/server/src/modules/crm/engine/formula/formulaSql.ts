import { sql, type SQL } from 'drizzle-orm';
import { NUMBER_PRECISION } from '@orbit/shared/crm/fieldTypes';
import { FORMULA_TYPE_OF_FIELD, checkFormula, type CheckedFormula, type FormulaError, type FormulaNode, type FormulaResolver } from '@orbit/shared/crm/formula';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import type { Language } from '@orbit/shared/constants';
import { labelIn } from '@orbit/shared/crm/labelIn';
import { quoteIdent } from '../ddl/customColumns';
import type { FieldDef } from '../metadata/fieldDef';

/**
 * Formula fields compiled to SQL (docs/records-engine.md, "Formula fields"). Every identifier comes
 * from metadata and is quoted (quoteIdent refuses anything else); every constant of the formula is
 * either a bound parameter (`bind`: a list's SELECT, WHERE and ORDER BY) or, in the DDL of a stored
 * generated column where PostgreSQL takes no parameters, a literal written here from the parsed
 * tree: a number matched by /^\d+(\.\d+)?$/ or a text quoted with its quotes doubled
 * (standard_conforming_strings is on in PostgreSQL and PGlite, so a backslash is only a backslash).
 * The request's text itself never reaches SQL.
 */

/** The modules a formula may read: the record's own (`self`) and the ones its lookups point at. */
export type FormulaScope = { self: { table: string; fields: FieldDef[] }; module(module: CrmModule): { table: string; fields: FieldDef[] } | undefined };

/** Fields a formula may read: stored ones only (a formula or roll-up reads no other formula or roll-up). */
const readable = (f: FieldDef) => !f.formula && !f.rollup && FORMULA_TYPE_OF_FIELD[f.type] !== undefined;

export function formulaResolver(scope: FormulaScope, lang: Language): FormulaResolver {
  return (path) => {
    const own = scope.self.fields.find((f) => f.name === path[0]);
    if (!own) return undefined;
    if (path.length === 1) return readable(own) ? { type: FORMULA_TYPE_OF_FIELD[own.type]!, label: labelIn(lang, own.labelEn, own.labelZh) } : undefined;
    if (own.type !== 'lookup' || !own.lookupModule || !(CRM_MODULES as readonly string[]).includes(own.lookupModule)) return undefined;
    const parent = scope.module(own.lookupModule as CrmModule)?.fields.find((f) => f.name === path[1]);
    return parent && readable(parent) ? { type: FORMULA_TYPE_OF_FIELD[parent.type]!, label: labelIn(lang, parent.labelEn, parent.labelZh) } : undefined;
  };
}

/** Checks a formula against the module's metadata (the field being defined excluded). */
export function checkModuleFormula(text: string, scope: FormulaScope, lang: Language, self?: string): { ok: true; formula: CheckedFormula } | { ok: false; error: FormulaError } {
  return checkFormula(text, formulaResolver(scope, lang), self);
}

/**
 * Whether the formula can be a STORED generated column: it reads only the record's own columns, no
 * TODAY() (its value would change with no write of the row) and turns no date into text (date
 * output depends on the session's DateStyle, so the expression would not be immutable).
 */
export const isStorable = (f: CheckedFormula) => !f.usesParent && !f.usesToday && !f.usesDateText;

type Mode = 'bind' | 'inline';

const SAFE_NUMBER = /^\d+(\.\d+)?$/;

function literalNumber(value: string, mode: Mode): SQL {
  if (!SAFE_NUMBER.test(value)) throw new Error('formula number refused');
  return mode === 'bind' ? sql`${value}::numeric` : sql.raw(`${value}::numeric`);
}

function literalText(value: string, mode: Mode): SQL {
  return mode === 'bind' ? sql`${value}::text` : sql.raw(`'${value.replace(/'/g, "''")}'::text`);
}

/** A column's value as the formula's type sees it: a date-time is its UTC calendar day (an immutable conversion). */
function columnValue(ref: SQL, field: FieldDef): SQL {
  if (field.type === 'datetime') return sql`(timezone('UTC', ${ref}))::date`;
  return ref;
}

const raw = (text: string) => sql.raw(text);

/**
 * The SQL of a checked formula tree. `own(column)`: how the record's own column is written (bare
 * in a generated column, qualified by the table in a list, whose parent sub-selects have their own).
 */
export function formulaToSql(tree: FormulaNode, scope: FormulaScope, mode: Mode): SQL {
  const ownRef = (column: string) => (mode === 'inline' ? raw(quoteIdent(column)) : raw(`${quoteIdent(scope.self.table)}.${quoteIdent(column)}`));
  const fieldType = (node: FormulaNode): string | undefined => {
    if (node.kind !== 'field') return undefined;
    const own = scope.self.fields.find((f) => f.name === node.path[0]);
    if (node.path.length === 1) return own?.type;
    return own?.lookupModule ? scope.module(own.lookupModule as CrmModule)?.fields.find((f) => f.name === node.path[1])?.type : undefined;
  };
  const isTextField = (node: FormulaNode) => node.kind === 'text' || ['text', 'phone', 'email', 'url', 'textarea', 'picklist'].includes(fieldType(node) ?? '');

  const go = (node: FormulaNode): SQL => {
    switch (node.kind) {
      case 'number':
        return literalNumber(node.value, mode);
      case 'text':
        return literalText(node.value, mode);
      case 'boolean':
        return raw(node.value ? 'true' : 'false');
      case 'null':
        return raw('null');
      case 'negate':
        return sql`(- ${go(node.operand)})`;
      case 'field': {
        const own = scope.self.fields.find((f) => f.name === node.path[0]);
        if (!own) throw new Error('formula field vanished');
        if (node.path.length === 1) return columnValue(ownRef(own.column), own);
        const parent = scope.module(own.lookupModule as CrmModule);
        const field = parent?.fields.find((f) => f.name === node.path[1]);
        if (!parent || !field || mode === 'inline') throw new Error('formula parent field vanished');
        // The parent's value, if the parent is present (not in the recycle bin).
        const p = raw('"formula_parent"');
        return sql`(select ${columnValue(sql`${p}.${raw(quoteIdent(field.column))}`, field)} from ${raw(quoteIdent(parent.table))} ${p} where ${p}."id" = ${ownRef(own.column)} and ${p}."deleted_at" is null)`;
      }
      case 'binary': {
        const [l, r] = [go(node.left), go(node.right)];
        switch (node.op) {
          case '/':
            return sql`(${l} / nullif(${r}, 0))`;
          case '&':
            return sql`(coalesce((${l})::text, '') || coalesce((${r})::text, ''))`;
          case '+':
          case '-':
            // A date plus or minus whole days stays a date.
            return fieldOrDate(node.left) ? sql`(${l} ${raw(node.op)} round(${r})::integer)` : sql`(${l} ${raw(node.op)} ${r})`;
          case '!=':
            return sql`(${l} <> ${r})`;
          default:
            return sql`(${l} ${raw(node.op)} ${r})`;
        }
      }
      case 'call': {
        const a = node.args.map(go);
        switch (node.name) {
          case 'IF':
            return sql`(case when ${a[0]} then ${a[1]} else ${a[2]} end)`;
          case 'CASE': {
            const whens: SQL[] = [];
            for (let i = 1; i < a.length - 1; i += 2) whens.push(sql`when ${a[i]} then ${a[i + 1]}`);
            return sql`(case ${a[0]} ${sql.join(whens, sql` `)} else ${a.at(-1)} end)`;
          }
          case 'AND':
            return sql`(${sql.join(a, sql` and `)})`;
          case 'OR':
            return sql`(${sql.join(a, sql` or `)})`;
          case 'NOT':
            return sql`(not ${a[0]})`;
          case 'ISBLANK':
            return isTextField(node.args[0]!) ? sql`(coalesce(${a[0]}, '') = '')` : sql`(${a[0]} is null)`;
          case 'CONCAT':
            return sql`(${sql.join(
              a.map((x) => sql`coalesce((${x})::text, '')`),
              sql` || `,
            )})`;
          case 'UPPER':
            return sql`upper(${a[0]})`;
          case 'LOWER':
            return sql`lower(${a[0]})`;
          case 'LEN':
            return sql`char_length(${a[0]})`;
          case 'TODAY':
            return raw('current_date');
          case 'DAYS_BETWEEN':
            return sql`(${a[1]} - ${a[0]})`;
          case 'ADD_DAYS':
            return sql`(${a[0]} + round(${a[1]})::integer)`;
          case 'ROUND':
            return node.args[1] ? sql`round(${a[0]}, ${raw(String(Number((node.args[1] as { value: string }).value)))})` : sql`round(${a[0]})`;
        }
      }
    }
  };

  /** Whether a node is a date (a date field, TODAY(), ADD_DAYS, or date ± days). */
  const fieldOrDate = (node: FormulaNode): boolean => {
    if (node.kind === 'field') return ['date', 'datetime'].includes(fieldType(node) ?? '');
    if (node.kind === 'call') return node.name === 'TODAY' || node.name === 'ADD_DAYS' || ((node.name === 'IF' || node.name === 'CASE') && node.args.slice(1).some(fieldOrDate));
    if (node.kind === 'binary') return (node.op === '+' || node.op === '-') && fieldOrDate(node.left);
    return false;
  };

  return go(tree);
}

/** Decimals a number formula keeps (the field's, or 2). */
export const formulaDecimals = (field: { decimals?: number | null }) => field.decimals ?? 2;

/**
 * The value as the column type stores it. A number is rounded to the field's decimals and is empty
 * where it would not fit `numeric(18, d)` (an overflow must not make the record's write fail).
 */
export function resultSql(expr: SQL, type: CheckedFormula['type'], decimals: number): SQL {
  if (type === 'number') {
    const limit = raw(`(1e${NUMBER_PRECISION - decimals} - 1)`);
    return sql`(case when abs(${expr}) < ${limit} then round(${expr}, ${raw(String(decimals))}) end)`;
  }
  // A checkbox is never empty: an unknown condition (an empty field compared) reads as false.
  if (type === 'boolean') return sql`coalesce(${expr}, false)`;
  return sql`(${expr})`;
}
