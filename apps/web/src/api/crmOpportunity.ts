import type { OwnerScope } from '@orbit/shared/contract/crm';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { PipelineColumn, StagePeriod } from '@orbit/shared/crm/opportunityStages';
import type { LookupLabels } from '@orbit/shared/contract/crm';
import { request } from './request';

/** Opportunities' own calls (docs/records-engine.md, "Opportunities"), apart from the engine's api/crm.ts. */
export type BoardParams = { q?: string; owner?: OwnerScope; filter?: FilterNode | null; cards?: number };

export const getPipelineBoard = ({ q, filter, ...params }: BoardParams) =>
  request<{ code: number; msg: string; data: PipelineColumn[]; lookups: LookupLabels }>({
    url: '/crm/opportunity/board',
    params: { ...params, q: q?.trim() || undefined, filter: filter ? JSON.stringify(filter) : undefined },
  });

export const getStageHistory = (id: number) => request<{ code: number; msg: string; data: StagePeriod[] }>({ url: `/crm/opportunity/${id}/stageHistory` });
