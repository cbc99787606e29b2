import { z } from 'zod';
import type { CrmModule } from '../crm/modules';
import { fieldName } from '../crm/filter';
import { stringValue } from '../validation';
import { id, jsonId } from './common';

/**
 * Duplicate rules and merge (docs/records-engine.md, "Duplicates and merge"). A rule belongs to a
 * module and holds one or more conditions, all of which must hold for a record to match; a module's
 * rules are tried one by one on every create and edit (form, API, import).
 */

/**
 * How a condition compares a field: `exact` equal as stored; `caseInsensitive` equal ignoring case
 * and surrounding spaces; `phone` equal digits (`+86 138-0000 0000` = `8613800000000`); `emailDomain`
 * the same domain after `@`; `fuzzy` trigram similarity of at least the rule's threshold (names).
 */
export const DUPLICATE_MATCHES = ['exact', 'caseInsensitive', 'phone', 'emailDomain', 'fuzzy'] as const;
export type DuplicateMatchKind = (typeof DUPLICATE_MATCHES)[number];
/** `warn`: the write is refused until the caller confirms it with a reason; `block`: refused. */
export const DUPLICATE_ACTIONS = ['warn', 'block'] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
/** Field types each kind of match can compare (the rule editor offers, the server checks). */
export const DUPLICATE_MATCH_TYPES: Record<DuplicateMatchKind, readonly string[]> = {
  exact: ['text', 'email', 'phone', 'url', 'picklist', 'lookup'],
  caseInsensitive: ['text', 'email', 'phone', 'url'],
  phone: ['phone'],
  emailDomain: ['email'],
  fuzzy: ['text'],
};
/** Default similarity (0–1) of a fuzzy condition: pg_trgm's similarity of "Jon Smith" and "John Smith" is 0.62. */
export const FUZZY_DEFAULT_THRESHOLD = 0.5;
/** Most matches a duplicate answer lists (more are counted). */
export const DUPLICATE_MATCH_LIMIT = 10;
export const DUPLICATE_REASON_MAX = 500;

export const duplicateCondition = z.object({ field: fieldName, match: z.enum(DUPLICATE_MATCHES) });
export type DuplicateCondition = z.infer<typeof duplicateCondition>;

export const duplicateRuleBody = z.object({
  name: stringValue().trim().min(1, { error: 'validation.required' }).max(60),
  conditions: z.array(duplicateCondition).min(1, { error: 'duplicate.ruleNoCondition' }).max(5),
  action: z.enum(DUPLICATE_ACTIONS),
  threshold: z.number().min(0.3).max(1).default(FUZZY_DEFAULT_THRESHOLD),
  active: z.boolean().default(true),
});
export type DuplicateRuleBody = z.infer<typeof duplicateRuleBody>;
export const updateDuplicateRuleBody = duplicateRuleBody.extend({ id });
export type DuplicateRule = DuplicateRuleBody & { id: number; module: CrmModule; builtIn: boolean };

/**
 * A write's answer to a duplicate (code 409, key `duplicate.found` for a warning, `duplicate.blocked`
 * for a blocking rule), in `data`: the first rule matched and the records matching it within the
 * caller's data scope (at most DUPLICATE_MATCH_LIMIT), and how many more match beyond that scope
 * (counted, never shown).
 */
export type DuplicateFound = {
  action: DuplicateAction;
  ruleId: number;
  ruleName: string;
  matches: Array<{ id: number; label: string; detail: string; ownerName: string }>;
  hiddenCount: number;
};

/**
 * What a create or update body carries to save despite a warning (never a blocking rule): the
 * reason, kept in the record's history. A body key, not a field: no field can take this name.
 */
export const DUPLICATE_OVERRIDE_KEY = 'duplicateOverride';
export const duplicateOverride = z.object({ reason: stringValue().trim().min(1, { error: 'duplicate.reasonRequired' }).max(DUPLICATE_REASON_MAX) });

/** How an import treats rows matching a warning rule (blocking rules refuse the row whatever this says). */
export const IMPORT_DUPLICATE_WARNINGS = ['skip', 'import'] as const;
export type ImportDuplicateWarnings = (typeof IMPORT_DUPLICATE_WARNINGS)[number];

/**
 * `POST /crm/{module}/merge`: the surviving record, the 1–2 merged into it, and per field the id of
 * the record whose value the survivor keeps (a field not named keeps the survivor's own).
 */
export const MERGE_MAX_RECORDS = 3;
/**
 * Strict, and ids as JSON numbers only: a misspelt `values` would otherwise be dropped and the merge
 * go ahead without the values chosen, and a coerced `true` or `[5]` would name another record.
 */
export const mergeBody = z.strictObject({
  survivorId: jsonId,
  mergedIds: z
    .array(jsonId)
    .min(1, { error: 'merge.pickRecords' })
    .max(MERGE_MAX_RECORDS - 1, { error: 'merge.pickRecords' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'merge.recordTwice' }),
  values: z.record(fieldName, jsonId).default({}),
});
export type MergeBody = z.infer<typeof mergeBody>;
