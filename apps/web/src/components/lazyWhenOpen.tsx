import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog, drawer or panel whose code loads the first time it opens, not with the page that
 * hosts it: a list page's first visit then does not fetch the antd components only its dialogs use
 * (form, upload, steps, date picker…; issue 15, bench/wireSize.ts). Once opened it stays mounted,
 * so that it closes with its animation and opens again at once. `isOpen` reads the host's prop
 * that opens it (`open`, or a target that is not null).
 */
export function lazyWhenOpen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Lazy = lazy(load);
  return function LazyWhenOpen(props: P) {
    const [opened, setOpened] = useState(false);
    const open = isOpen(props);
    // Set during render (React allows it for the component's own state): the same render mounts it.
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
