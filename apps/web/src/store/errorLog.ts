import { createStore } from './createStore';

/** Uncaught errors of a production build, shown in the error-log dialog (SPEC §2). */
export type ErrorLogEntry = { message: string; info: string; url: string; stack: string; time: number };

export const errorLogStore = createStore<ErrorLogEntry[]>([]);

export function addErrorLog(error: unknown, info: string): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  errorLogStore.set((logs) => [...logs, { message: err.message, info, url: window.location.href, stack: err.stack ?? '', time: Date.now() }]);
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}

/** Collects window errors and unhandled promise rejections (production builds only). */
export function installErrorLog(): void {
  if (!import.meta.env.PROD) return;
  window.addEventListener('error', (event) => addErrorLog(event.error ?? event.message, `window.onerror ${event.filename ?? ''}:${event.lineno ?? ''}`));
  window.addEventListener('unhandledrejection', (event) => {
    // Refused API calls were already shown to the user by the request client.
    if ((event.reason as Error | undefined)?.name === 'RequestError') return;
    addErrorLog(event.reason, 'unhandledrejection');
  });
}
