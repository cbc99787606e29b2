import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from './formErrors';

/**
 * Submit of a create/edit dialog: validate on the client, save, then either close (with a success
 * message) or put the server's field errors on the fields.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<unknown>, onDone: () => void) {
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
      await save(values);
      void message.success(t('admin.saved'));
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
