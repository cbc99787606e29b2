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

const fallback: Notifier = {
  error: (text) => console.error(text),
  success: () => undefined,
  confirmLogout: async () => true,
  announceUpdate: async () => undefined,
};

let current: Notifier = fallback;

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

export function notifier(): Notifier {
  return current;
}
