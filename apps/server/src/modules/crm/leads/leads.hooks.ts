import type { ModuleHooks } from '../engine/moduleHooks';

/** A converted lead is history: it keeps its links to what it became and changes no more. */
export const leadsHooks: ModuleHooks = {
  lockedReason: (record) => (record.convertedAt ? 'lead.convertedReadOnly' : undefined),
};
