import type { TFunction } from 'i18next';
import type { LookupLabels } from '@orbit/shared/contract/crm';
import type { LookupTarget } from '@orbit/shared/crm/modules';

/**
 * What an answer's `lookups` say of a record a value points at: its name, `null` when it is
 * restricted (outside the viewer's data scope: shown as "Restricted record", never linked — the
 * server's one rule, docs/records-engine.md "Related records outside the viewer's scope"), or
 * undefined when the answer does not name it.
 */
export function lookupName(lookups: LookupLabels | undefined, target: LookupTarget, id: number): string | null | undefined {
  return lookups?.[target]?.[String(id)];
}

/** The same as plain text (a select's label, a chart's axis, a reminder): the name, "Restricted record", or `#id`. */
export function lookupText(t: TFunction, lookups: LookupLabels | undefined, target: LookupTarget, id: number): string {
  const name = lookupName(lookups, target, id);
  return name === null ? t('crm.restrictedRecord') : (name ?? `#${id}`);
}

/** Two answers' lookups as one (a board's first cards and those loaded since). */
export function mergeLookups(a: LookupLabels, b: LookupLabels): LookupLabels {
  const out: LookupLabels = { ...a };
  for (const [target, names] of Object.entries(b) as Array<[LookupTarget, Record<string, string | null>]>) out[target] = { ...out[target], ...names };
  return out;
}
