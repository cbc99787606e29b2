import { lazy, Suspense, useEffect, useState } from 'react';
import { onNotifierDemand } from '../api/notifier';

const NotifierBridge = lazy(() => import('./NotifierBridge'));

/** Loads the notifier (antd message, dialogs) the first time the request client has something to show. */
export default function NotifierMount() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onNotifierDemand(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <NotifierBridge />
    </Suspense>
  ) : null;
}
