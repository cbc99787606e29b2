import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/**
 * A form rule that runs the field's own zod schema from the shared contract, so the form refuses
 * exactly what the server refuses, with the server's message (`server.validation.*`).
 */
export function useZodRule() {
  const { t, i18n } = useTranslation();
  return (schema: z.ZodType, field: string): FormRule => ({
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (result.success) return;
      type Limits = { maximum?: number | bigint; minimum?: number | bigint };
      // A refinement carries its limits in `params`, as the server's error handler reads them too.
      const issue = result.error.issues[0] as (Limits & { message: string; params?: Limits }) | undefined;
      // A contract's own message (money.rateInvalid) is shown as the server shows it, when the table has it.
      const own = !!issue && (issue.message.startsWith('validation.') || i18n.exists(`server.${issue.message}`));
      const key = own ? issue.message : 'validation.invalidValue';
      const max = issue?.maximum ?? issue?.params?.maximum ?? '';
      const min = issue?.minimum ?? issue?.params?.minimum ?? '';
      throw new Error(t(`server.${key}`, { field: t(`server.field.${field}`), max: String(max), min: String(min) }));
    },
  });
}
