import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

type Props<V> = Omit<FormProps<V>, 'children'> & { children: ReactNode };

/**
 * The form of an administration dialog. A dialog keeps one form instance across openings, so the
 * values are cleared when the dialog's content goes (`clearOnDestroy`): the next opening starts
 * from its own initial values, never from the record edited or created before. Fields a choice
 * hides drop their values (`preserve={false}`).
 */
export default function DialogForm<V>(props: Props<V>) {
  return <Form<V> preserve={false} clearOnDestroy {...props} />;
}
