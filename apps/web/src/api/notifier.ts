/**
 * How the request client shows things, installed by the app shell (antd's message and modal
 * from `App.useApp()`), so that the client itself stays free of React.
 */
export type Notifier = {
  error(text: string, durationSeconds: number): void;
  success(text: string, durationSeconds: number): void;
  /** The blocking "Confirm logout" dialog; resolves true for Re-Login. */
  confirmLogout(): Promise<boolean>;
  /** The blocking "System Update" dialog, OK only. */
  announceUpdate(): Promise<void>;
};

let current: Notifier | null = null;
const waiting: Array<(notifier: Notifier) => void> = [];
let demand: (() => void) | null = null;
let demanded = false;

/**
 * The app shell mounts the notifier (antd's message and dialogs) only once something needs showing,
 * so a page that never shows a message never loads antd's message machinery.
 */
export function onNotifierDemand(listener: () => void): () => void {
  demand = listener;
  if (demanded) listener();
  return () => {
    if (demand === listener) demand = null;
  };
}

/**
 * The first requests (the route guard's) can run before React has mounted the shell; what they
 * want to show waits for the notifier instead of being lost or auto-answered.
 */
function whenReady<T>(show: (notifier: Notifier) => T): Promise<T> {
  if (current) return Promise.resolve(show(current));
  if (!demanded) {
    demanded = true;
    demand?.();
  }
  return new Promise((resolve) => waiting.push((n) => resolve(show(n))));
}

export function setNotifier(notifier: Notifier): void {
  current = notifier;
  for (const run of waiting.splice(0)) run(notifier);
}

export function notifier(): Notifier {
  return {
    error: (text, duration) => void whenReady((n) => n.error(text, duration)),
    success: (text, duration) => void whenReady((n) => n.success(text, duration)),
    confirmLogout: () => whenReady((n) => n.confirmLogout()).then((p) => p),
    announceUpdate: () => whenReady((n) => n.announceUpdate()).then((p) => p),
  };
}
