import { QueryClient } from '@tanstack/react-query';

/** The one cache of server data, provided by the signed-in root (layout/SignedInRoot.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
