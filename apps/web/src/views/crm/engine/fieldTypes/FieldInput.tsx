import { fieldTypeView } from './registry';
import type { InputProps } from './fieldTypeView';

/** The input of a field's type, bound by Form.Item (value and onChange on the wire's terms). */
export function FieldInput(props: InputProps) {
  const Input = fieldTypeView(props.field.type).Input;
  return <Input {...props} />;
}
