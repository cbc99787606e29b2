import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import DictTag, { DictLoading } from '../../../../components/dict/DictTag';
import { dictSelectOptions, useDict, useDictValues } from '../../../../components/dict/useDict';
import type { DisplayProps, FieldTypeView, FilterInputProps, InputProps } from './fieldTypeView';

/** The values of the field's dictionary, labels in the current language; undefined while they load. */
function useChoices(field: FieldMeta) {
  const dict = useDict(...(field.dictType ? [field.dictType] : []));
  return field.dictType ? dict[field.dictType] : [];
}

function Display({ field, value }: DisplayProps) {
  const options = useDictValues(field.dictType);
  if (typeof value !== 'string' && !Array.isArray(value)) return null;
  // Labels, never codes: until the dictionary is here, DictTag shows a placeholder rather than `not_started`.
  return <DictTag options={options} value={value as string | string[]} />;
}

/** One value (picklist) or several (multi-picklist), from the field's dictionary. */
function choiceInput(multiple: boolean) {
  return function ChoiceInput({ field, value, onChange, id, autoFocus }: InputProps) {
    const { t } = useTranslation();
    const choices = useChoices(field);
    const options = dictSelectOptions(choices);
    return (
      <Select
        loading={!choices}
        // A value whose label is not in yet shows a placeholder, never its code ('outbound').
        labelRender={choices ? undefined : () => <DictLoading />}
        id={id}
        mode={multiple ? 'multiple' : undefined}
        value={multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? value : undefined}
        onChange={(v: string | string[] | undefined) => onChange?.(v ?? null)}
        options={options}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('crm.form.choose')}
        autoFocus={autoFocus}
        style={{ width: '100%' }}
      />
    );
  };
}

const SingleInput = choiceInput(false);
const MultipleInput = choiceInput(true);

/** "Is one of" and "includes any of" pick several values; "equals" one. */
function FilterInput({ field, shape, value, onChange }: FilterInputProps) {
  const Input = shape === 'list' ? MultipleInput : SingleInput;
  return (
    <div style={{ minWidth: 200 }}>
      <Input field={field} value={(value ?? null) as string | string[] | null} onChange={onChange} />
    </div>
  );
}

export const picklistView: FieldTypeView = { Display, Input: SingleInput, FilterInput, tag: true, columnWidth: 110 };

export const multipicklistView: FieldTypeView = {
  Display,
  Input: MultipleInput,
  FilterInput,
  columnWidth: 140,
  sameValue: (a, b) => JSON.stringify([...((a as string[] | null) ?? [])].sort()) === JSON.stringify([...((b as string[] | null) ?? [])].sort()),
};
