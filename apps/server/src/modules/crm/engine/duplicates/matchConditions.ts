import { sql, type SQL } from 'drizzle-orm';
import type { DuplicateMatchKind } from '@orbit/shared/contract/duplicates';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { escapeLike, escapeLikeSql } from '../fieldTypes/common';
import { KEY_TYPES, keyMatch, phoneDigits } from '../fieldTypes/text';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { col } from '../query/sql';

/** Addresses at these domains say nothing about a company: an e-mail domain match ignores them. */
export const FREE_MAIL_DOMAINS = new Set(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'live.com', 'icloud.com', 'qq.com', '163.com', '126.com', 'sina.com', 'foxmail.com', 'aol.com']);

/** The company part of an e-mail address, or undefined for none or a free-mail domain. */
export function emailDomain(email: string | null | undefined): string | undefined {
  const domain = email?.split('@')[1]?.trim().toLowerCase();
  return domain && !FREE_MAIL_DOMAINS.has(domain) ? domain : undefined;
}

const digitsOf = (text: string) => text.replace(/[^0-9]/g, '');

/**
 * What a record's `field` is compared with when matching `value` by `kind`, as the condition binds
 * it: the trimmed text (`exact`, `caseInsensitive`, `fuzzy`), the digits (`phone`), `%@domain`
 * (`emailDomain`). Undefined when the value cannot match anything (empty, no digits, a free-mail
 * domain): the rule does not apply.
 */
export function matchValue(field: FieldDef, kind: DuplicateMatchKind, value: unknown): string | undefined {
  if (value === null || value === undefined || Array.isArray(value) || typeof value === 'object' || typeof value === 'boolean') return undefined;
  const text = String(value).trim();
  if (!text) return undefined;
  switch (kind) {
    case 'exact':
      return field.type !== 'lookup' ? text : Number.isSafeInteger(Number(text)) ? text : undefined;
    case 'phone':
      return digitsOf(text) || undefined;
    case 'emailDomain': {
      const domain = emailDomain(text);
      return domain ? `%@${escapeLike(domain)}` : undefined;
    }
    case 'caseInsensitive':
    case 'fuzzy':
      return text;
  }
}

/**
 * The SQL condition under which column `c` of `field` matches `compared` (a `matchValue`: a bound
 * value, or a column of a batch's values) by `kind`, each served by an index of the field
 * (docs/records-engine.md, "Duplicates and merge"): `exact` the column's btree; `caseInsensitive`
 * the `lower` btree of an e-mail, phone or url, or of other text that has one (`lowerIndexed`: a
 * lead's company, the built-in rule's), and otherwise the trigram GIN through an ILIKE of the value
 * without wildcards; `phone` the digits btree; `emailDomain` the trigram GIN (ILIKE '%@domain');
 * `fuzzy` the trigram GIN through `%`, then the rule's similarity.
 *
 * The `lower` equality alone where the btree exists, never beside the ILIKE: the planner guesses
 * both as selective (it has no statistics of either expression) and took the GIN, which reads
 * every row sharing the name's trigrams — 4 ms a probe instead of 0.04 on a company with 200 leads,
 * an import's dry run of 100,000 rows at a million leads over five minutes instead of half a minute.
 */
export function matchSql(field: FieldDef, kind: DuplicateMatchKind, c: SQL, compared: SQL, threshold: number, lowerIndexed = false): SQL {
  switch (kind) {
    case 'exact':
      return field.type === 'lookup' ? sql`${c} = ${compared}::bigint` : sql`${c} = ${compared}`;
    case 'caseInsensitive':
      return KEY_TYPES.has(field.type) || lowerIndexed ? keyMatch(c, compared) : sql`(${keyMatch(c, compared)} and ${c} ilike ${escapeLikeSql(compared)})`;
    case 'phone':
      return sql`${phoneDigits(c)} = ${compared}`;
    case 'emailDomain':
      return sql`${c} ilike ${compared}`;
    case 'fuzzy':
      // `%` is what the trigram index answers (pg_trgm.similarity_threshold, 0.3 by default, at most the rule's).
      return sql`(${c} % ${compared} and similarity(${c}, ${compared}) >= ${threshold})`;
  }
}

/** The condition under which a record's field `name` matches `value` by `kind`; undefined when the rule does not apply (matchValue). */
export function matchCondition(def: ModuleDef, name: string, kind: DuplicateMatchKind, value: FieldValue | undefined, threshold: number, alias?: string): SQL | undefined {
  const field = def.byName.get(name)!;
  const compared = matchValue(field, kind, value);
  if (compared === undefined) return undefined;
  const c = alias ? sql`${sql.identifier(alias)}.${col(field.column)}` : col(field.column);
  return matchSql(field, kind, c, sql`${compared}`, threshold, def.caseInsensitiveKeys.has(name));
}
