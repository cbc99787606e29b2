import type { FormInstance } from 'antd';
import { useEffect, useEffectEvent } from 'react';

/**
 * Puts a dialog's starting values into its form each time it opens. `initialValues` alone is not
 * enough in the built app: the dialog's content mounts, goes and comes back as it opens, and the
 * shared form instance (cleared when content goes, DialogForm) came up empty in Chromium.
 */
export function useOpeningValues<V>(form: FormInstance<V>, open: boolean, values: Partial<V>): void {
  const fill = useEffectEvent(() => form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]));
  useEffect(() => {
    if (open) fill();
  }, [open]);
}
