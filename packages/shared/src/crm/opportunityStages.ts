import { z } from 'zod';
import type { CrmRecord, LookupLabels } from '../contract/crm';
import { recordListQuery } from '../contract/crm';

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

/** Cards per column in the board's first answer; "load more" pages through the list endpoint. */
export const BOARD_CARDS = 20;

/** `GET /crm/opportunity/board`: the list's own filters (view, quick search, owner, filter tree). */
export const pipelineBoardQuery = recordListQuery
  .pick({ viewId: true, filter: true, q: true, owner: true })
  .extend({ cards: z.coerce.number().int().min(0).max(100).default(BOARD_CARDS) });
export type PipelineBoardQuery = z.infer<typeof pipelineBoardQuery>;

/** One stage's column: its totals over every matching opportunity (amounts as decimal strings) and its first cards. */
export type PipelineColumn = {
  stage: string;
  count: number;
  amount: string;
  /** Σ amount × probability / 100, rounded to cents. */
  weightedAmount: string;
  cards: CrmRecord[];
};
export type PipelineBoard = { columns: PipelineColumn[]; lookups: LookupLabels };

/** One stage an opportunity passed through: when it entered and how many whole days it stayed (until now for the current one). */
export type StagePeriod = { stage: string; enteredAt: string; leftAt: string | null; days: number };
