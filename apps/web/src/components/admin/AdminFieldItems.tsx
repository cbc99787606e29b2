import { Col, Form, Input, InputNumber, Radio, Row, Select, TreeSelect } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusRadioItem } from '../dict/StatusItems';
import { dictSelectOptions, useDict, type DictOptions } from '../dict/useDict';
import { dictTypesOf, isValueField, type AdminField, type ChoiceOption, type FieldInput } from './adminFields';
import { useZodRule } from './useZodRule';

/** The input a description asks for; `label` is the field's translated label (a radio group is named by it). */
function inputOf(input: FieldInput, label: string, t: TFunction, dict: DictOptions): ReactNode {
  const choices = (field: { dict?: string; options?: ChoiceOption[] }) => field.options ?? dictSelectOptions(dict[field.dict!]);
  switch (input.kind) {
    case 'text':
      return <Input maxLength={input.maxLength} placeholder={input.placeholder} disabled={input.disabled} autoComplete={input.autoComplete} />;
    case 'textarea':
      return <Input.TextArea rows={2} maxLength={input.maxLength} placeholder={input.placeholder} />;
    case 'number':
      return <InputNumber min={input.min ?? 0} max={input.max} precision={input.precision} style={{ width: '100%' }} />;
    case 'radio':
      return <Radio.Group aria-label={label} options={choices(input)} />;
    case 'yesNo':
      return (
        <Radio.Group
          aria-label={label}
          options={[
            { value: input.yes ?? true, label: t('admin.yes') },
            { value: input.no ?? false, label: t('admin.no') },
          ]}
        />
      );
    case 'select':
      return (
        <Select
          mode={input.multiple ? 'multiple' : undefined}
          allowClear={input.allowClear}
          placeholder={input.placeholder}
          loading={input.loading}
          optionFilterProp="label"
          options={choices(input) as { value: string }[]}
          data-testid={input.testId}
        />
      );
    case 'tree':
      return (
        <TreeSelect
          treeData={input.treeData}
          fieldNames={{ value: input.value, label: input.text }}
          multiple={input.multiple}
          allowClear={input.allowClear}
          placeholder={input.placeholder}
          loading={input.loading}
          showSearch={input.search}
          treeNodeFilterProp={input.search ? input.text : undefined}
          treeDefaultExpandAll={!input.expandedKeys}
          treeDefaultExpandedKeys={input.expandedKeys}
        />
      );
    case 'custom':
      return input.render();
  }
}

/** The fields of an administration form, laid out in a grid of rows as their descriptions say. */
export default function AdminFieldItems<V>({ fields }: { fields: AdminField<V>[] }) {
  const { t } = useTranslation();
  const zodRule = useZodRule();
  const dict = useDict(...dictTypesOf(fields));

  const itemOf = (field: AdminField<V>): ReactNode => {
    if (field.kind === 'status') return <StatusRadioItem />;
    const label = t(field.label);
    const common = { label, extra: field.hint && t(field.hint), tooltip: field.tooltip && t(field.tooltip) };
    if (!isValueField(field)) return <Form.Item {...common}>{field.render()}</Form.Item>;
    const { name, schema, rules = [] } = field;
    return (
      <Form.Item {...common} name={name as string} required={field.required} dependencies={field.dependencies} rules={schema ? [zodRule(schema, name), ...rules] : rules}>
        {inputOf(field, label, t, dict)}
      </Form.Item>
    );
  };

  return (
    <Row gutter={16}>
      {fields.map((field, index) =>
        field.hidden ? null : (
          <Col key={field.kind === 'status' ? 'status' : (field.name ?? `${field.label}-${index}`)} span={field.span ?? 24}>
            {itemOf(field)}
          </Col>
        ),
      )}
    </Row>
  );
}
