import { useSyncExternalStore } from 'react';

/** A value outside React with subscribers; components read it through `use()`. */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get: () => state,
    set(next: T | ((prev: T) => T)) {
      state = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      for (const listener of listeners) listener();
    },
    subscribe,
    use: (): T => useSyncExternalStore(subscribe, () => state),
  };
}
