import { lazy, Suspense, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { addErrorLog } from '../store/errorLog';

// antd's Result and Button would otherwise ride along with every first page, the sign-in page
// included (bench/bundleSize.ts); a route error is rare enough to wait for its own chunk.
const RouteErrorView = lazy(() => import('./RouteErrorView'));

/** A route that failed to load (a missing chunk after an update, a loader error). */
export default function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    addErrorLog(error, 'route');
  }, [error]);
  return (
    <Suspense fallback={null}>
      <RouteErrorView detail={error instanceof Error ? error.message : undefined} />
    </Suspense>
  );
}
