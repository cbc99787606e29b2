import type { FilterNode } from './filter';
import type { CrmModule } from './modules';

export const ROLLUP_FUNCTIONS = ['count', 'sum', 'min', 'max'] as const;
export type RollupFunction = (typeof ROLLUP_FUNCTIONS)[number];

/**
 * A roll-up summary field (docs/records-engine.md, "Roll-up summary fields"): `fn` of the `child`
 * module's present records whose lookup `via` points at the parent, optionally only those matching
 * `filter` (the list-filter grammar); `field` is the summed (min, max) field, absent for a count.
 */
export type RollupDef = { child: CrmModule; via: string; fn: RollupFunction; field?: string | null; filter?: FilterNode | null };
