/**
 * Opportunity stages. The stages themselves, their order, labels and win probabilities are the
 * dictionary `crm_opportunity_stage` (OPPORTUNITY_STAGE_DICT): each value's probability (0–100)
 * is its `extra.probability` — the one source of truth, edited in System › Dictionaries. Only the
 * two closing stages are named in code, because closing has rules of its own.
 */
export const CLOSED_WON = 'closed_won';
export const CLOSED_LOST = 'closed_lost';
export const isClosedStage = (stage: unknown): boolean => stage === CLOSED_WON || stage === CLOSED_LOST;

/** A stage dictionary value's win probability, or null when it has none. */
export function stageProbability(dictValue: { extra?: Record<string, unknown> | null } | undefined): number | null {
  const p = dictValue?.extra?.probability;
  return typeof p === 'number' && Number.isFinite(p) ? p : null;
}

/** One stage an opportunity passed through: when it entered and how many whole days it stayed (until now for the current one). */
export type StagePeriod = { stage: string; enteredAt: string; leftAt: string | null; days: number };
