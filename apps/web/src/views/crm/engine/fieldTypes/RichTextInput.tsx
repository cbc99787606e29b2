import RichTextEditor from '../../../../components/richText/RichTextEditor';
import type { InputProps } from './fieldTypeView';

/** A rich-text field's input: the shared editor with the short toolbar, labelled by the field. */
export default function RichTextInput({ field, value, onChange, id, autoFocus }: InputProps) {
  return (
    <div id={id}>
      <RichTextEditor value={typeof value === 'string' ? value : ''} onChange={(html) => onChange?.(html || null)} label={field.label} tools="short" autoFocus={autoFocus} testId={`richtext-${field.name}`} />
    </div>
  );
}
