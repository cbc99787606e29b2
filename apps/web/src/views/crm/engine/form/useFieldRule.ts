import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValueCheck } from '@orbit/shared/crm/fieldValue';
import { checkLayoutValue, type LayoutField } from './recordFormValues';

/** The message of a failed check, as the server words it (`server.<key>`, the field's label as `{{field}}`). */
export function useCheckMessage() {
  const { t } = useTranslation();
  return (check: Extract<ValueCheck, { ok: false }>, label: string) => t(`server.${check.key}`, { ...check.params, field: label });
}

/** A Form.Item rule running the shared value check of a field in its layout. */
export function useFieldRule() {
  const message = useCheckMessage();
  return (field: Pick<LayoutField, 'field' | 'required'>): FormRule => ({
    validator: async (_rule, value: unknown) => {
      const check = checkLayoutValue(field, value);
      if (!check.ok) throw new Error(message(check, field.field.label));
    },
  });
}
