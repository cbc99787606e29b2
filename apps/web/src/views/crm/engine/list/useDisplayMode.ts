import { useSearchParams } from 'react-router';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { isBoardField } from '@orbit/shared/crm/board';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { useSession } from '../../../../store/session';

export type ListMode = 'list' | 'board';
type Choice = { mode?: ListMode; groupBy?: string };

/** Where a person's last choice of a module's list is kept: this device, per user and module. */
const storageKey = (userId: number, module: CrmModule) => `crm-list-mode:${userId}:${module}`;

function readChoice(key: string): Choice {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    return { mode: stored.mode === 'board' ? 'board' : stored.mode === 'list' ? 'list' : undefined, groupBy: typeof stored.groupBy === 'string' ? stored.groupBy : undefined };
  } catch {
    return {};
  }
}

/**
 * How a list page shows its records — as a list or as a board grouped by a picklist — from its
 * address (`?mode=board&groupBy=status`, so a link or a reload shows the same), else as the person
 * last chose for this module on this device (local storage). Choosing writes both. A module
 * without a picklist a board can group by is a list only.
 */
export function useDisplayMode(module: CrmModule, meta: ModuleMeta) {
  const [address, setAddress] = useSearchParams();
  const key = storageKey(useSession()?.user.userId ?? 0, module);
  const remembered = readChoice(key);
  const boardFields = meta.fields.filter(isBoardField);
  const asked = address.get('mode') ?? remembered.mode;
  const mode: ListMode = asked === 'board' && boardFields.length ? 'board' : 'list';
  const wanted = address.get('groupBy') ?? remembered.groupBy;
  const groupBy = boardFields.find((f) => f.name === wanted)?.name ?? meta.board.field ?? boardFields[0]?.name ?? null;

  const choose = (choice: Choice) => {
    localStorage.setItem(key, JSON.stringify({ ...remembered, ...choice }));
    setAddress((params) => {
      const next = { mode, groupBy, ...choice };
      if (next.mode === 'board') params.set('mode', 'board');
      else params.delete('mode');
      if (next.mode === 'board' && next.groupBy) params.set('groupBy', next.groupBy);
      else params.delete('groupBy');
      return params;
    });
  };

  return {
    mode,
    groupBy,
    boardFields,
    setMode: (next: ListMode) => choose({ mode: next }),
    setGroupBy: (field: string) => choose({ groupBy: field }),
  };
}
