import { Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import { createDictDataBody, type CreateDictDataBody } from '@orbit/shared/contract/dict';
import { addDictData, updateDictData } from '../../../../api/system/dict';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import DictTag from '../../../../components/dict/DictTag';
import { StatusRadioItem } from '../../../../components/dict/StatusItems';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import type { DictDataDialog } from '../useDictDataController';

/** RuoYi's list classes: how a value is drawn as a tag. */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
const field = createDictDataBody.shape;
type Values = Omit<CreateDictDataBody, 'extra'> & { labelZh?: string; probability?: number | null };

/**
 * Create or edit one value of a dictionary; the Chinese label is kept in `extra.labelZh`, and an
 * opportunity stage's win probability in `extra.probability`.
 */
export default function DictDataFormDialog({ dialog, dictType, onClose, onSaved }: { dialog: DictDataDialog; dictType: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const zodRule = useZodRule();
  const dict = useDict('sys_normal_disable', 'sys_yes_no');
  const editing = dialog?.data;

  const isStage = dictType === OPPORTUNITY_STAGE_DICT;
  const save = ({ labelZh, probability, ...values }: Values) => {
    const extra = { ...(editing?.extra ?? {}), labelZh: labelZh ?? '', ...(isStage ? { probability: probability ?? null } : {}) } as CreateDictDataBody['extra'];
    const body = { ...values, dictType, extra };
    return editing ? updateDictData({ ...body, dictCode: editing.dictCode }) : addDictData(body);
  };
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });
  const initialValues: Partial<Values> = editing
    ? ({
        ...editing,
        labelZh: typeof editing.extra?.labelZh === 'string' ? editing.extra.labelZh : '',
        probability: typeof editing.extra?.probability === 'number' ? editing.extra.probability : null,
      } as Partial<Values>)
    : { dictType, dictSort: 0, listClass: 'default', isDefault: 'N', status: '0' };
  const yesNo = dictSelectOptions(dict.sys_yes_no);

  return (
    <FormDialog
      open={!!dialog}
      title={t(editing ? 'dict.editDataTitle' : 'dict.addDataTitle')}
      width={640}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
    >
      <DialogForm form={form} layout="vertical" initialValues={initialValues}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="dictType" label={t('dict.dictType')}>
              <Input disabled />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="dictLabel" label={t('dict.dictLabel')} required rules={[zodRule(field.dictLabel, 'dictLabel')]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="labelZh" label={t('dict.labelZh')} rules={[{ max: 100, message: t('server.validation.tooLong', { field: t('dict.labelZh'), max: 100 }) }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          {isStage && (
            <Col span={24}>
              <Form.Item name="probability" label={t('dict.probability')} required rules={[{ required: true, message: t('server.dict.probabilityRequired') }]}>
                <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="dictValue" label={t('dict.dictValue')} required rules={[zodRule(field.dictValue, 'dictValue')]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="dictSort" label={t('dict.dictSort')} required rules={[zodRule(field.dictSort, 'dictSort')]}>
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="listClass" label={t('dict.listClass')}>
              <Select
                options={LIST_CLASSES.map((c) => ({
                  value: c,
                  label: <DictTag options={[{ dictValue: c, dictLabel: t(`dict.class.${c}`), listClass: c } as never]} value={c} />,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cssClass" label={t('dict.cssClass')} rules={[zodRule(field.cssClass, 'cssClass')]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="isDefault" label={t('dict.isDefault')}>
              <Radio.Group options={yesNo} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <StatusRadioItem />
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('admin.remark')} rules={[zodRule(field.remark, 'remark')]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </DialogForm>
    </FormDialog>
  );
}
