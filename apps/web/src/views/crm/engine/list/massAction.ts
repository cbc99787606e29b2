import type { ComponentType } from 'react';
import type { CrmModule } from '@orbit/shared/crm/modules';

/** The dialog of a mass action on the selected records; it calls `onDone` once the records changed. */
export type MassActionDialogProps = { module: CrmModule; ids: number[]; open: boolean; onClose: () => void; onDone: () => void };

/** A module's own mass action (leads: add to campaign), shown beside the engine's to holders of its permission. */
export type MassAction = { key: string; label: string; permission: string; Dialog: ComponentType<MassActionDialogProps> };
