import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import { CUSTOM_FIELD_NAME_PATTERN, CUSTOM_FIELD_TYPES, CUSTOM_LOOKUP_TARGETS, type CreateFieldBody, type SetupField, type SetupModule, type UpdateFieldBody } from '@orbit/shared/contract/setup';
import { LENGTH_TYPES, LONG_TEXT_TYPES, TEXT_MAX_LENGTH, TEXTAREA_MAX_LENGTH, TEXT_TYPES, type FieldType } from '@orbit/shared/crm/fieldTypes';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { FIELD_TYPE_OF_RESULT, FORMULA_MAX_LENGTH, FORMULA_TYPE_OF_FIELD, checkFormula, type FormulaResolver } from '@orbit/shared/crm/formula';
import { getModuleMeta } from '../../../../api/crm';
import { createField, listDictionaries, updateField } from '../../../../api/setup';
import { layoutsInUse } from './layoutsInUse';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { FieldInput } from '../../../crm/engine/fieldTypes/FieldInput';
import RollupSection, { type RollupValues } from './RollupSection';
import { useOpeningValues } from './useOpeningValues';

type FieldKind = 'stored' | 'formula' | 'rollup';
const kindOf = (field: SetupField | null): FieldKind => (field?.formula ? 'formula' : field?.rollup ? 'rollup' : 'stored');

type Values = {
  name: string;
  type: FieldType;
  labelEn: string;
  labelZh: string;
  helpEn?: string;
  helpZh?: string;
  required: boolean;
  defaultValue?: FieldValue;
  maxLength?: number | null;
  decimals?: number | null;
  filterable: boolean;
  searchable: boolean;
  dictMode: 'existing' | 'new';
  dictType?: string;
  newDictionary?: { dictType: string; name: string; values: Array<{ value: string; labelEn: string; labelZh?: string }> };
  lookupModule?: string;
  layoutIds?: number[];
  /** A new field: a value people enter, a formula, or a roll-up of a related list. */
  kind?: FieldKind;
  rollup?: RollupValues;
  formula?: string;
};

type Readable = Pick<FieldMeta, 'name' | 'type' | 'label' | 'lookupModule' | 'formula' | 'rollup'>;

/** Fields a formula may read (crm/formula.ts), as the server's check sees them: stored ones of a type a formula reads. */
function readableType(f: Readable | undefined) {
  return f && !f.formula && !f.rollup ? FORMULA_TYPE_OF_FIELD[f.type] : undefined;
}

/** The formula checker's view of the module's fields and its lookups' targets (the same check the server makes when saving). */
export function formulaResolverOf(own: Readable[], parents: Partial<Record<string, Readable[]>>): FormulaResolver {
  return (path) => {
    const first = own.find((f) => f.name === path[0]);
    if (path.length === 1) {
      const type = readableType(first);
      return type && first ? { type, label: first.label } : undefined;
    }
    if (!first || first.type !== 'lookup' || !first.lookupModule) return undefined;
    const parent = parents[first.lookupModule]?.find((f) => f.name === path[1]);
    const type = readableType(parent);
    return type && parent ? { type, label: parent.label } : undefined;
  };
}

const DECIMAL_TYPES = new Set<FieldType>(['number', 'percent']);
const DICT_TYPES = new Set<FieldType>(['picklist', 'multipicklist']);

type Props = { module: CrmModule; data: SetupModule; target: { field: SetupField | null } | null; onClose: () => void; onSaved: () => Promise<void> };

/**
 * Creates a custom field, or edits a field: labels, help, required and default of any field; type
 * (where stored values convert), length, decimals, dictionary, filterable and searchable of a
 * custom one. The server checks everything again and its refusals land on the fields.
 */
export default function FieldDialog({ module, data, target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const field = target?.field ?? null;
  const creating = !field;
  const custom = creating || !field.standard;
  const fixed = !!field && (field.system || field.readOnly);
  const type = (Form.useWatch('type', form) ?? field?.type ?? 'text') as FieldType;
  const dictMode = Form.useWatch('dictMode', form) ?? 'existing';
  const dictType = Form.useWatch('dictType', form);
  const newValues = Form.useWatch(['newDictionary', 'values'], form) as Values['newDictionary'] extends infer D ? (D extends { values: infer V } ? V : never) : never;
  const kind = (Form.useWatch('kind', form) ?? kindOf(field)) as FieldKind;
  const isFormula = kind === 'formula';
  const isRollup = kind === 'rollup';
  const [rollupFilter, setRollupFilter] = useState<FilterNode | null>(null);
  const formulaText = Form.useWatch('formula', form) as string | undefined;
  // The metadata of the modules the lookups point at, for `lookup.field` in a formula.
  const targets = [...new Set(data.fields.filter((f) => f.type === 'lookup' && f.lookupModule && (CRM_MODULES as readonly string[]).includes(f.lookupModule)).map((f) => f.lookupModule as CrmModule))];
  const parentMetas = useQueries({
    queries: targets.map((m) => ({ queryKey: ['crm-meta', m], queryFn: async () => (await getModuleMeta(m)).data, enabled: !!target && isFormula })),
  });
  const parents = Object.fromEntries(targets.map((m, i) => [m, parentMetas[i]?.data?.fields ?? []]));
  const checked = isFormula && formulaText ? checkFormula(formulaText, formulaResolverOf(data.fields, parents), field?.name ?? form.getFieldValue('name')) : undefined;
  const dictionaries = useQuery({ queryKey: ['setup-dictionaries'], queryFn: async () => (await listDictionaries()).data, enabled: !!target && DICT_TYPES.has(type) });

  const save = async (values: Values) => {
    const common = { labelEn: values.labelEn, labelZh: values.labelZh, helpEn: values.helpEn ?? '', helpZh: values.helpZh ?? '' };
    if (creating && values.kind === 'formula') {
      await createField(module, {
        ...common,
        name: values.name,
        type: 'number',
        formula: values.formula ?? '',
        decimals: values.decimals ?? null,
        filterable: values.filterable,
        layoutIds: values.layoutIds ?? [],
      });
    } else if (creating && values.kind === 'rollup') {
      const rollup = values.rollup ?? {};
      await createField(module, {
        ...common,
        name: values.name,
        type: 'number',
        rollup: { child: rollup.child!, via: rollup.via!, fn: rollup.fn!, field: rollup.fn === 'count' ? null : (rollup.field ?? null), filter: rollupFilter },
        filterable: values.filterable,
        layoutIds: values.layoutIds ?? [],
      });
    } else if (creating) {
      const body: CreateFieldBody = {
        ...common,
        name: values.name,
        type: values.type as CreateFieldBody['type'],
        required: values.required,
        defaultValue: values.defaultValue ?? null,
        maxLength: LENGTH_TYPES.has(values.type) ? (values.maxLength ?? null) : null,
        decimals: DECIMAL_TYPES.has(values.type) ? (values.decimals ?? null) : null,
        filterable: values.filterable,
        searchable: TEXT_TYPES.has(values.type) && values.searchable,
        dictType: DICT_TYPES.has(values.type) && values.dictMode === 'existing' ? values.dictType : null,
        newDictionary: DICT_TYPES.has(values.type) && values.dictMode === 'new' ? values.newDictionary : null,
        lookupModule: values.type === 'lookup' ? (values.lookupModule as CreateFieldBody['lookupModule']) : null,
        layoutIds: values.layoutIds ?? [],
      };
      await createField(module, body);
    } else {
      const body: UpdateFieldBody = { ...common };
      // A roll-up's definition is fixed once created (its column was computed from it): its words change.
      if (field.rollup) {
        await updateField(module, field.name, body);
        await onSaved();
        return;
      }
      if (field.formula) {
        await updateField(module, field.name, { ...body, formula: values.formula ?? '', decimals: values.decimals ?? null, filterable: values.filterable });
        await onSaved();
        return;
      }
      if (!fixed) Object.assign(body, { required: values.required, defaultValue: values.defaultValue ?? null });
      if (custom) {
        Object.assign(body, { type: values.type, filterable: values.filterable, searchable: TEXT_TYPES.has(values.type) && values.searchable });
        if (LENGTH_TYPES.has(values.type)) body.maxLength = values.maxLength ?? null;
        if (DECIMAL_TYPES.has(values.type)) body.decimals = values.decimals ?? null;
        if (DICT_TYPES.has(values.type)) body.dictType = values.dictType;
      }
      await updateField(module, field.name, body);
    }
    await onSaved();
  };
  const { saving, submit } = useFormSubmit(form, save, onClose);

  const initial: Partial<Values> = field
    ? {
        name: field.name, type: field.type, labelEn: field.labelEn, labelZh: field.labelZh, helpEn: field.helpEn, helpZh: field.helpZh, required: field.required,
        maxLength: field.maxLength, decimals: field.decimals, filterable: field.filterable, searchable: field.searchable, dictMode: 'existing', dictType: field.dictType ?? undefined,
        defaultValue: field.defaultValue ?? undefined, kind: kindOf(field), formula: field.formula ?? undefined,
      }
    : { kind: 'stored', type: 'text', required: false, filterable: true, searchable: false, dictMode: 'existing', layoutIds: layoutsInUse(data), newDictionary: { dictType: `crm_${module}_`, name: '', values: [{ value: '', labelEn: '', labelZh: '' }] } };

  useOpeningValues(form, !!target, initial);

  // The default value's input is the field type's own, drawn for the field as it is being defined.
  const preview: FieldMeta = {
    id: 0, name: 'defaultValue', type, label: '', labelEn: '', labelZh: '', help: '', required: false, requiredMessage: null, unique: false, readOnly: false, system: false,
    standard: false, maxLength: null, decimals: form.getFieldValue('decimals') ?? null, dictType: dictMode === 'existing' ? (dictType ?? null) : null, lookupModule: null,
    relatedModules: null, sortable: false, filterable: false, searchable: false, defaultValue: null, order: 0,
  };
  const newDictOptions = (newValues ?? []).filter((v) => v?.value).map((v) => ({ value: v.value, label: v.labelEn || v.value }));
  const lookupLabel = (m: string) => (m === 'user' ? t('setup.field.lookupUser') : t(`crm.record.${m}`));

  return (
    <FormDialog open={!!target} title={field ? t('setup.field.editTitle', { label: field.label }) : t('setup.field.createTitle')} saving={saving} onSubmit={() => void submit()} onClose={onClose} width={720}>
      <DialogForm form={form} layout="vertical" initialValues={initial} data-testid="field-dialog">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('setup.field.name')} extra={creating ? t('setup.field.nameHelp') : undefined} rules={creating ? [{ required: true, pattern: CUSTOM_FIELD_NAME_PATTERN, message: t('server.setup.fieldNameInvalid') }] : []}>
              <Input disabled={!creating} maxLength={40} data-testid="field-name" />
            </Form.Item>
          </Col>
          {/* A computed field's type is its result's: no picker (its column keeps the grid's pairs). */}
          <Col span={12}>
            {!isFormula && !isRollup && (
              <Form.Item name="type" label={t('setup.field.type')} extra={!creating && custom ? t('setup.field.typeChangeHelp') : undefined}>
                <Select
                  disabled={!custom}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="field-type"
                  options={(custom ? CUSTOM_FIELD_TYPES : [type]).map((v) => ({ value: v, label: t(`server.setup.type.${v}`) }))}
                  onChange={() => form.setFieldValue('defaultValue', undefined)}
                />
              </Form.Item>
            )}
          </Col>
          <Col span={12}>
            <Form.Item name="labelEn" label={t('setup.field.labelEn')} rules={[{ required: true, whitespace: true, max: 80 }]}>
              <Input data-testid="field-label-en" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="labelZh" label={t('setup.field.labelZh')} extra={t('setup.field.labelZhHelp')} rules={[{ max: 80 }]}>
              <Input data-testid="field-label-zh" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="helpEn" label={t('setup.field.helpEn')} rules={[{ max: 500 }]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="helpZh" label={t('setup.field.helpZh')} rules={[{ max: 500 }]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
          </Col>
        </Row>

        {creating && (
          <Form.Item name="kind" label={t('setup.field.valueKind')}>
            <Radio.Group
              data-testid="field-kind"
              options={[
                { value: 'stored', label: t('setup.field.kindStored') },
                { value: 'formula', label: t('setup.field.kindFormula') },
                { value: 'rollup', label: t('setup.field.kindRollup') },
              ]}
            />
          </Form.Item>
        )}
        {isRollup && creating && (
          <>
            <RollupSection module={module} form={form} filter={rollupFilter} onFilter={setRollupFilter} />
            <Form.Item name="filterable" label={t('setup.field.filterable')} valuePropName="checked">
              <Switch data-testid="field-filterable" />
            </Form.Item>
          </>
        )}
        {isRollup && !creating && <Alert type="info" showIcon title={t('setup.rollup.fixed')} style={{ marginBottom: 16 }} data-testid="rollup-fixed" />}
        {isFormula && (
          <>
            <Form.Item
              name="formula"
              label={t('setup.field.formula')}
              extra={checked?.ok ? t('setup.field.formulaOk', { type: t(`server.setup.type.${FIELD_TYPE_OF_RESULT[checked.formula.type]}`) }) : t('setup.field.formulaHelp')}
              rules={[
                {
                  // The shared check, as the server makes it when saving, with its messages.
                  validator: async (_rule, value: string | undefined) => {
                    const result = checkFormula(value ?? '', formulaResolverOf(data.fields, parents), field?.name ?? form.getFieldValue('name'));
                    if (!result.ok) throw new Error(t(`server.${result.error.key}`, result.error.params));
                  },
                },
              ]}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={FORMULA_MAX_LENGTH} data-testid="field-formula" spellCheck={false} />
            </Form.Item>
            <Space size="large" wrap>
              {checked?.ok && checked.formula.type === 'number' && (
                <Form.Item name="decimals" label={t('setup.field.decimals')}>
                  <InputNumber min={0} max={6} style={{ width: 120 }} />
                </Form.Item>
              )}
              <Form.Item name="filterable" label={t('setup.field.filterable')} valuePropName="checked">
                <Switch data-testid="field-filterable" />
              </Form.Item>
            </Space>
          </>
        )}

        {!isFormula && !isRollup && (
          <>
        {custom && DICT_TYPES.has(type) && (
          <>
            {creating && (
              <Form.Item name="dictMode" label={t('setup.field.dictionary')}>
                <Radio.Group data-testid="dict-mode" options={[{ value: 'existing', label: t('setup.field.dictExisting') }, { value: 'new', label: t('setup.field.dictNew') }]} />
              </Form.Item>
            )}
            {dictMode === 'existing' ? (
              <Form.Item name="dictType" label={t('setup.field.dictionary')} rules={[{ required: true }]}>
                <Select showSearch optionFilterProp="label" loading={dictionaries.isLoading} data-testid="dict-type" options={(dictionaries.data ?? []).map((d) => ({ value: d.dictType, label: `${d.dictName} (${d.dictType})` }))} />
              </Form.Item>
            ) : (
              <div className="setup-new-dict" data-testid="new-dictionary">
                <Row gutter={16}>
                  <Col span={12}>
                    <Form.Item name={['newDictionary', 'dictType']} label={t('setup.field.dictType')} rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{1,99}$/ }]}>
                      <Input data-testid="new-dict-type" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name={['newDictionary', 'name']} label={t('setup.field.dictName')} rules={[{ required: true, whitespace: true }]}>
                      <Input data-testid="new-dict-name" />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.List name={['newDictionary', 'values']}>
                  {(items, { add, remove }) => (
                    <>
                      {items.map((item, index) => (
                        <Space key={item.key} align="start" style={{ display: 'flex' }}>
                          <Form.Item name={[item.name, 'value']} rules={[{ required: true, whitespace: true }]} label={index === 0 ? t('setup.field.value') : undefined}>
                            <Input data-testid={`dict-value-${index}`} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'labelEn']} rules={[{ required: true, whitespace: true }]} label={index === 0 ? t('setup.field.valueLabelEn') : undefined}>
                            <Input data-testid={`dict-label-en-${index}`} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'labelZh']} label={index === 0 ? t('setup.field.valueLabelZh') : undefined}>
                            <Input data-testid={`dict-label-zh-${index}`} />
                          </Form.Item>
                          <Button type="text" icon={<DeleteOutlined />} disabled={items.length === 1} onClick={() => remove(item.name)} aria-label={t('setup.field.delete')} style={{ marginTop: index === 0 ? 30 : 0 }} />
                        </Space>
                      ))}
                      <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: '', labelEn: '', labelZh: '' })} style={{ marginBottom: 16 }} data-testid="dict-add-value">
                        {t('setup.field.addValue')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </div>
            )}
          </>
        )}

        {creating && type === 'lookup' && (
          <Form.Item name="lookupModule" label={t('setup.field.lookupModule')} rules={[{ required: true }]}>
            <Select data-testid="lookup-module" options={CUSTOM_LOOKUP_TARGETS.map((m) => ({ value: m, label: lookupLabel(m) }))} />
          </Form.Item>
        )}

        <Row gutter={16}>
          {custom && LENGTH_TYPES.has(type) && (
            <Col span={8}>
              <Form.Item name="maxLength" label={t('setup.field.maxLength')}>
                <InputNumber min={1} max={LONG_TEXT_TYPES.has(type) ? TEXTAREA_MAX_LENGTH : TEXT_MAX_LENGTH} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {custom && DECIMAL_TYPES.has(type) && (
            <Col span={8}>
              <Form.Item name="decimals" label={t('setup.field.decimals')}>
                <InputNumber min={0} max={6} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {!fixed && type !== 'lookup' && (
            <Col span={16}>
              <Form.Item name="defaultValue" label={t('setup.field.defaultValue')}>
                {DICT_TYPES.has(type) && dictMode === 'new' ? (
                  <Select allowClear mode={type === 'multipicklist' ? 'multiple' : undefined} options={newDictOptions} data-testid="field-default" />
                ) : (
                  <FieldInput field={preview} lookups={{}} />
                )}
              </Form.Item>
            </Col>
          )}
        </Row>

        <Space size="large" wrap>
          {!fixed && (
            <Form.Item name="required" label={t('setup.field.required')} valuePropName="checked">
              <Switch data-testid="field-required" />
            </Form.Item>
          )}
          {custom && (
            <Form.Item name="filterable" label={t('setup.field.filterable')} valuePropName="checked">
              <Switch data-testid="field-filterable" />
            </Form.Item>
          )}
          {custom && TEXT_TYPES.has(type) && (
            <Form.Item name="searchable" label={t('setup.field.searchable')} valuePropName="checked">
              <Switch data-testid="field-searchable" />
            </Form.Item>
          )}
        </Space>

          </>
        )}

        {creating && (
          <Form.Item name="layoutIds" label={t('setup.field.placeIn')}>
            <Select mode="multiple" data-testid="field-layouts" options={data.layouts.filter((l) => !l.isTemplate).map((l) => ({ value: l.id, label: l.label }))} />
          </Form.Item>
        )}
      </DialogForm>
    </FormDialog>
  );
}
