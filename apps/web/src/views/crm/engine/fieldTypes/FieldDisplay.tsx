import { fieldTypeView } from './registry';
import type { DisplayProps } from './fieldTypeView';

/** A value shown the way its field's type shows it. */
export function FieldDisplay(props: DisplayProps) {
  const View = fieldTypeView(props.field.type).Display;
  return <View {...props} />;
}
