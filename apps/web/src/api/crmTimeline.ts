import type { TimelinePage } from '@orbit/shared/contract/timeline';
import type { TimelineKind } from '@orbit/shared/crm/activities';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { request } from './request';

/** A page of a record's timeline, newest first (docs/records-engine.md, "Activities and the timeline"). */
export const getTimeline = (module: CrmModule, id: number, params: { kinds: TimelineKind[]; pageNum: number; pageSize: number }) =>
  request<TimelinePage>({ url: `/crm/${module}/${id}/timeline`, params: { ...params, kinds: params.kinds.join(',') || undefined } });
