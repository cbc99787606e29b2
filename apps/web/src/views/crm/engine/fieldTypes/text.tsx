import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldTypeView, FilterInputProps, InputProps } from './fieldTypeView';

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Filter value of the text-like types: one text, or several for "in" (typed, Enter between them). */
export function TextFilterInput({ shape, value, onChange }: FilterInputProps) {
  const { t } = useTranslation();
  if (shape === 'list') {
    return (
      <Select
        mode="tags"
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
        open={false}
        tokenSeparators={[',']}
        style={{ minWidth: 200 }}
        aria-label={t('crm.filter.value')}
      />
    );
  }
  return <Input value={asText(value)} onChange={(e) => onChange(e.target.value)} style={{ width: 200 }} aria-label={t('crm.filter.value')} />;
}

export function TextInput({ value, onChange, id, autoFocus }: InputProps) {
  return <Input id={id} value={asText(value)} onChange={(e) => onChange?.(e.target.value)} autoFocus={autoFocus} />;
}

export const textView: FieldTypeView = {
  Display: ({ value }) => (typeof value === 'string' ? <>{value}</> : null),
  Input: TextInput,
  FilterInput: TextFilterInput,
  columnWidth: 100,
};

export const textareaView: FieldTypeView = {
  Display: ({ value }) => (typeof value === 'string' ? <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span> : null),
  Input: ({ value, onChange, id, autoFocus }) => (
    <Input.TextArea id={id} value={asText(value)} onChange={(e) => onChange?.(e.target.value)} autoSize={{ minRows: 3, maxRows: 12 }} autoFocus={autoFocus} />
  ),
  FilterInput: TextFilterInput,
  columnWidth: 160,
  // Several lines do not fit a list's row, and Enter breaks the line: edited on the record's page.
  gridEditable: false,
};
