import { Form, type FormProps } from 'antd';
import { useEffect, type ReactNode } from 'react';

type Props<V> = Omit<FormProps<V>, 'children'> & { children: ReactNode };

/**
 * The form of an administration dialog. A dialog keeps one form instance across openings, so the
 * values are cleared when the dialog's content goes (`clearOnDestroy`): the next opening starts
 * from its own initial values, never from the record edited or created before. Fields a choice
 * hides drop their values (`preserve={false}`) — except in a dialog with lists (Form.List) that
 * passes `preserve`: its content mounts twice as it opens, and the lists' rows would lose their
 * values between the two (a rule's actions, a process's steps); its save then reads only the
 * fields its choices show.
 *
 * The clearing runs in the old content's unmount clean-up, which React may run after the new
 * content has mounted (an opening while the last closing is still unmounting, or a content that
 * mounts twice as its dialog opens): it would empty the store the new form has just filled from
 * its initial values. So once mounted, the form is reset to its initial values again; the
 * dialog's own effects (which run after this one) may then set more.
 */
export default function DialogForm<V>(props: Props<V>) {
  const { form } = props;
  useEffect(() => {
    form?.resetFields();
  }, [form]);
  return <Form<V> preserve={false} clearOnDestroy {...props} />;
}
