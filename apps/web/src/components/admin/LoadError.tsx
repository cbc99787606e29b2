import { lazy, Suspense } from 'react';

// antd's Result and its illustrations would otherwise load with every list and detail (≈ 8 KiB on
// a list's first visit, bench/wireSize.ts); a failed load is rare enough to wait for its own chunk.
const LoadErrorView = lazy(() => import('./LoadErrorView'));

/** The error state of a list or detail: what failed, and a retry. */
export default function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Suspense fallback={null}>
      <LoadErrorView onRetry={onRetry} />
    </Suspense>
  );
}
