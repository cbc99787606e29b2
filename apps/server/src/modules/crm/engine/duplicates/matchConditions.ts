import { sql, type SQL } from 'drizzle-orm';
import type { DuplicateMatchKind } from '@orbit/shared/contract/duplicates';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { escapeLike } from '../fieldTypes/common';
import { KEY_TYPES, keyMatch, phoneDigits } from '../fieldTypes/text';
import type { FieldDef } from '../metadata/fieldDef';
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
 * The SQL condition under which a record's `field` matches `value` by `kind`, each served by an
 * index of the field (docs/records-engine.md, "Duplicates and merge"): `exact` the column's btree;
 * `caseInsensitive` the `lower` btree of an e-mail, phone or url, the trigram GIN of other text
 * (ILIKE without wildcards); `phone` the digits btree; `emailDomain` the trigram GIN (ILIKE
 * '%@domain'); `fuzzy` the trigram GIN through `%`, then the rule's similarity. Undefined when the
 * value cannot match anything (empty, no digits, a free-mail domain): the rule does not apply.
 */
export function matchCondition(field: FieldDef, kind: DuplicateMatchKind, value: FieldValue | undefined, threshold: number, alias?: string): SQL | undefined {
  if (value === null || value === undefined || Array.isArray(value) || typeof value === 'object' || typeof value === 'boolean') return undefined;
  const c = alias ? sql`${sql.identifier(alias)}.${col(field.column)}` : col(field.column);
  const text = String(value).trim();
  if (!text) return undefined;
  switch (kind) {
    case 'exact':
      return field.type === 'lookup' ? sql`${c} = ${Number(value)}` : sql`${c} = ${text}`;
    case 'caseInsensitive':
      return KEY_TYPES.has(field.type) ? keyMatch(c, text) : sql`${c} ilike ${escapeLike(text)}`;
    case 'phone': {
      const digits = digitsOf(text);
      return digits ? sql`${phoneDigits(c)} = ${digits}` : undefined;
    }
    case 'emailDomain': {
      const domain = emailDomain(text);
      return domain ? sql`${c} ilike ${`%@${escapeLike(domain)}`}` : undefined;
    }
    case 'fuzzy':
      // `%` is what the trigram index answers (pg_trgm.similarity_threshold, 0.3 by default, at most the rule's).
      return sql`(${c} % ${text} and similarity(${c}, ${text}) >= ${threshold})`;
  }
}
