import type { StagePeriod } from '@orbit/shared/crm/opportunityStages';
import { request } from './request';

/** Opportunities' own calls (docs/records-engine.md, "Opportunities"), apart from the engine's api/crm.ts (their pipeline board is the engine's board). */
export const getStageHistory = (id: number) => request<{ code: number; msg: string; data: StagePeriod[] }>({ url: `/crm/opportunity/${id}/stageHistory` });
