import { z } from 'zod';
import { FILTER_OPERATORS, MAX_LIST_VALUES } from './fieldTypes';
import { FIELD_NAME_PATTERN, FILTER_MAX_CONDITIONS, FILTER_MAX_DEPTH, filterSize, nestingDepth, type FilterNode } from './filterTree';
import { stringValue } from '../validation';

/**
 * The zod schemas of the filter grammar (crm/filterTree.ts), with which the server checks every filter it
 * receives. The tree's types and helpers live apart, without zod, so that the web's list pages
 * use them without loading zod (bench/wireSize.ts); they are re-exported here for the server.
 */
export { FIELD_NAME_PATTERN, FILTER_MAX_CONDITIONS, FILTER_MAX_DEPTH, filterSize, nestingDepth };
export { filterFields, isCondition, type FilterCondition, type FilterNode } from './filterTree';

export const fieldName = stringValue().regex(FIELD_NAME_PATTERN, { error: 'validation.invalidValue' });

const scalar = z.union([stringValue().max(1000), z.number(), z.boolean(), z.null()]);
const relatedValue = z.object({ module: stringValue().max(30), id: z.number() });
const operand = z.union([scalar, relatedValue, z.array(z.union([scalar, relatedValue])).max(MAX_LIST_VALUES)]);

export const filterCondition = z.strictObject({ field: fieldName, op: z.enum(FILTER_OPERATORS), value: operand.optional() });

export const filterNode: z.ZodType<FilterNode> = z.lazy(() =>
  z.union([
    filterCondition,
    z.strictObject({ and: z.array(filterNode) }),
    z.strictObject({ or: z.array(filterNode) }),
    z.strictObject({ not: filterNode }),
  ]),
);

/** A filter tree within the caps (zod refuses a deeper or larger one with 'filter.tooComplex'). */
export const boundedFilter = z
  .unknown()
  // A group is two JSON levels ({ and: [ … ] }), a condition with a list value two more.
  .refine((raw) => nestingDepth(raw) <= 2 * FILTER_MAX_DEPTH + 2, { error: 'filter.tooComplex', abort: true })
  .pipe(filterNode)
  .refine(
    (node) => {
      const size = filterSize(node);
      return size.depth <= FILTER_MAX_DEPTH && size.conditions <= FILTER_MAX_CONDITIONS;
    },
    { error: 'filter.tooComplex' },
  );

/** The `filter` query parameter of a list: the tree as JSON text. */
export const filterParam = stringValue()
  .max(16_000, { error: 'filter.tooComplex' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filter.invalid' });
      return z.NEVER;
    }
  })
  .pipe(boundedFilter);
