import { useEffect, useState } from 'react';
import type { FilterNode } from '@orbit/shared/crm/filterTree';

type StartFilter = { ready: boolean; filter: FilterNode | null };

/**
 * The filter a list was opened with (`?filter=`, a report's segment clicked through), read with
 * the server's own schema (`filterParam`) and null when it does not pass. The schema, and zod with
 * it, loads only when there is such a filter: a list opened plainly never fetches zod
 * (bench/wireSize.ts). `ready` is false while it loads.
 */
export function useStartFilter(text: string | null): StartFilter {
  const [state, setState] = useState<StartFilter>({ ready: !text, filter: null });
  useEffect(() => {
    if (!text) return;
    let live = true;
    import('@orbit/shared/crm/filter').then(
      ({ filterParam }) => {
        const parsed = filterParam.safeParse(text);
        if (live) setState({ ready: true, filter: parsed.success ? parsed.data : null });
      },
      // Without its schema the address's filter cannot be trusted: the list opens unfiltered.
      () => live && setState({ ready: true, filter: null }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return state;
}
