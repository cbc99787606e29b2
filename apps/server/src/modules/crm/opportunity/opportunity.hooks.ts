import { CLOSED_LOST } from '@orbit/shared/crm/opportunityStages';
import { fieldError } from '../../../lib/errors';
import type { ModuleHooks, WriteRequest } from '../engine/moduleHooks';
import { purgeRolesOfOpportunities } from './contactRolesPurge';
import { moveContactRoles } from './moveContactRoles';
import { keptPipelineTotals } from './pipelineTotals';
import { loadStages } from './stages';

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** The stage a write leaves the opportunity in, when the write sets it (a create always does, by default if not given). */
function stageSet({ body, current, def }: WriteRequest): string | undefined {
  if ('stage' in body) return typeof body.stage === 'string' ? body.stage : undefined;
  if (current) return undefined;
  const fallback = def.byName.get('stage')?.defaultValue;
  return typeof fallback === 'string' ? fallback : undefined;
}

/**
 * Opportunities' own write rules (docs/records-engine.md, "Opportunities"):
 * - the probability follows the stage: a write that sets or changes the stage without setting the
 *   probability itself gets the stage's probability (from the stage dictionary); an explicit one is kept;
 * - closing as lost needs a loss reason (the close date is a required field anyway).
 * An unknown stage is left to the engine's checks, which refuse it with the field's message.
 */
export const opportunityHooks: ModuleHooks = {
  beforePurge: purgeRolesOfOpportunities,
  // Contacts merged into another hand it their roles on opportunities (records/mergeRecords.ts).
  mergeLinks: { contact: async ({ tx }, survivorId, mergedIds) => void (await moveContactRoles(tx, survivorId, mergedIds)) },
  // The board by stage reads the pipeline's kept totals when only the scope narrows it.
  keptBoardTotals: keptPipelineTotals,
  async beforeWrite(request) {
    const { body, current, db, lang, cache } = request;
    const stage = stageSet(request);
    if (stage === undefined || stage === current?.stage) return body;

    const lossReason = 'lossReason' in body ? body.lossReason : current?.lossReason;
    if (stage === CLOSED_LOST && isBlank(lossReason)) throw fieldError('lossReason', 'opportunity.lossReasonRequired');

    if ('probability' in body) return body;
    const probability = (await cache.remember(`stages\u0001${lang}`, () => loadStages(db, lang))).find((s) => s.value === stage)?.probability;
    return probability === undefined || probability === null ? body : { ...body, probability };
  },
};
