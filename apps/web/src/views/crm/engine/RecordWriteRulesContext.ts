import { createContext, useContext } from 'react';
import type { CrmRecord } from '@orbit/shared/contract/crm';

/**
 * What a module adds to the engine's forms and inline edits, mirroring its server-side write rule
 * (docs/records-engine-web.md, "Module write rules"). A module page provides them around its list or
 * detail page; without a provider every form and inline edit behaves as before.
 */
export type RecordWriteRules = {
  /** Values a form fills in when the user changes a field (an opportunity's probability from its stage); the user may edit them again. */
  fillOnChange?(field: string, value: unknown): Record<string, unknown> | undefined;
  /**
   * Completes a change before it is sent (closing an opportunity asks for the close date and loss
   * reason): answers the changes to send, or null when the user cancelled (nothing is sent).
   * `record` is null for a new record and for a mass change, where `count` says how many records it goes to.
   */
  completeChange?(changes: Record<string, unknown>, record: CrmRecord | null, count?: number): Promise<Record<string, unknown> | null>;
};

export const RecordWriteRulesContext = createContext<RecordWriteRules>({});

export const useRecordWriteRules = () => useContext(RecordWriteRulesContext);

/** The changes to send after the module's rule, or null when the user cancelled. */
export const completeChange = (rules: RecordWriteRules, changes: Record<string, unknown>, record: CrmRecord | null, count?: number) =>
  rules.completeChange ? rules.completeChange(changes, record, count) : Promise.resolve(changes);
