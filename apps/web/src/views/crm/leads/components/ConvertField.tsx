import { Form } from 'antd';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { FieldInput } from '../../engine/fieldTypes/FieldInput';
import { useFieldRule } from '../../engine/form/useFieldRule';
import { fieldByName, isRequired } from '../../engine/moduleMeta';

type Props = { meta: ModuleMeta; part: 'account' | 'opportunity' | 'task'; name: string };

/**
 * A value of a record the conversion creates, as that module's form would take it: its label,
 * input and checks (the server's messages) from the module's metadata, named `[part, field]`.
 */
export default function ConvertField({ meta, part, name }: Props) {
  const fieldRule = useFieldRule();
  const field = fieldByName(meta, name);
  if (!field) return null;
  const required = isRequired(field);
  return (
    <Form.Item name={[part, name]} label={field.label} required={required} rules={[fieldRule({ field, required })]}>
      <FieldInput field={field} />
    </Form.Item>
  );
}
