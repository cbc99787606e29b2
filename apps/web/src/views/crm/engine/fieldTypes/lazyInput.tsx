import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A field type's input whose code (an antd picker or number box) loads when a form or filter
 * first draws it, not with every list that shows values of that type (issue 15). Props pass
 * through, so Form.Item's value, onChange and id reach the real input.
 */
export function lazyInput<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load);
  return function LazyInput(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
