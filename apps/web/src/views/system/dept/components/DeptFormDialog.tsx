import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createDeptBody, type CreateDeptBody } from '@orbit/shared/contract/dept';
import { addDept, listDepts, listDeptsExcluding, updateDept } from '../../../../api/system/dept';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { nestByParent } from '../../../../components/admin/tree';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import { StatusRadioItem } from '../../../../components/dict/StatusItems';
import type { DeptDialog } from '../useDeptController';

type Props = { dialog: DeptDialog; onClose: () => void; onSaved: () => void };
const field = createDeptBody.shape;

/** Create or edit a department. The parent list leaves out the department itself and its descendants. */
export default function DeptFormDialog({ dialog, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateDeptBody>();
  const zodRule = useZodRule();
  const editing = dialog?.mode === 'edit' ? dialog.dept : undefined;
  const isRoot = editing?.parentId === 0;
  const parents = useQuery({
    queryKey: ['system-dept-parents', editing?.deptId ?? 'all'],
    queryFn: async () => (editing ? await listDeptsExcluding(editing.deptId) : await listDepts({})).data,
    enabled: !!dialog && !isRoot,
    staleTime: 0,
  });
  const parentTree = useMemo(() => nestByParent(parents.data ?? [], 'deptId', 'parentId'), [parents.data]);

  const save = (values: CreateDeptBody) =>
    editing ? updateDept({ ...values, parentId: isRoot ? 0 : values.parentId, deptId: editing.deptId }) : addDept(values);
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });

  const initialValues: Partial<CreateDeptBody> = editing
    ? { ...editing, status: editing.status as CreateDeptBody['status'] }
    : { parentId: dialog?.mode === 'create' ? dialog.parentId : undefined, orderNum: 0, status: '0' };

  return (
    <FormDialog
      open={!!dialog}
      title={t(editing ? 'dept.editTitle' : 'dept.addTitle')}
      width={640}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
    >
      <DialogForm form={form} layout="vertical" initialValues={initialValues}>
        <Row gutter={16}>
          {!isRoot && (
            <Col span={24}>
              <Form.Item name="parentId" label={t('dept.parent')} required rules={[zodRule(field.parentId, 'parentId')]}>
                <TreeSelect
                  treeData={parentTree}
                  fieldNames={{ value: 'deptId', label: 'deptName' }}
                  treeDefaultExpandAll
                  loading={parents.isLoading}
                  placeholder={t('dept.parentPlaceholder')}
                  showSearch
                  treeNodeFilterProp="deptName"
                />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="deptName" label={t('dept.deptName')} required rules={[zodRule(field.deptName, 'deptName')]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="orderNum" label={t('admin.orderNum')} required rules={[zodRule(field.orderNum, 'orderNum')]}>
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="leader" label={t('dept.leader')} rules={[zodRule(field.leader, 'leader')]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="phone" label={t('dept.phone')} rules={[zodRule(field.phone, 'phone')]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label={t('dept.email')} rules={[zodRule(field.email, 'email')]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <StatusRadioItem />
          </Col>
        </Row>
      </DialogForm>
    </FormDialog>
  );
}
