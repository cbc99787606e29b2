import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/**
 * A form rule that runs the field's own zod schema from the shared contract, so the form refuses
 * exactly what the server refuses, with the server's message (`server.validation.*`).
 */
export function useZodRule() {
  const { t } = useTranslation();
  return (schema: z.ZodType, field: string): FormRule => ({
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (result.success) return;
      const issue = result.error.issues[0] as { message: string; maximum?: number | bigint; minimum?: number | bigint } | undefined;
      const key = issue?.message.startsWith('validation.') ? issue.message : 'validation.invalidValue';
      throw new Error(t(`server.${key}`, { field: t(`server.field.${field}`), max: String(issue?.maximum ?? ''), min: String(issue?.minimum ?? '') }));
    },
  });
}
