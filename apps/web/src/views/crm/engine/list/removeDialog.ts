import type { ComponentType } from 'react';

/**
 * A module's own delete confirmation (accounts: what to do with their opportunities), shown
 * instead of the engine's plain "Move to the recycle bin?" on the detail page and for a mass
 * delete. It deletes, then calls `onDone`; `onClose` when the user goes back.
 */
export type RemoveDialogProps = { ids: number[]; open: boolean; onClose: () => void; onDone: () => void | Promise<void> };
export type RemoveDialog = ComponentType<RemoveDialogProps>;
