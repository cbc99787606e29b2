import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from './formErrors';

/** What `save` answers when the user cancelled a question it asked: nothing was sent, the dialog stays open. */
export const SAVE_CANCELLED = Symbol('save cancelled');

/**
 * Submit of a create/edit dialog: validate on the client, save, then either close (with a success
 * message, `successKey`, or none when null) or put the server's field errors on the fields.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<unknown>, onDone: () => void, successKey: string | null = 'admin.saved') {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSaving(true);
    try {
      if ((await save(values)) === SAVE_CANCELLED) return;
      if (successKey) void message.success(t(successKey));
      onDone();
    } catch (error) {
      const text = applyServerErrors(form, error);
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  return { saving, submit };
}
