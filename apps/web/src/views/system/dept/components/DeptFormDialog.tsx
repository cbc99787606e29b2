import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createDeptBody, type CreateDeptBody } from '@orbit/shared/contract/dept';
import { addDept, listDepts, listDeptsExcluding, updateDept } from '../../../../api/system/dept';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import type { AdminField } from '../../../../components/admin/adminFields';
import { nestByParent } from '../../../../components/admin/tree';
import type { DeptDialog } from '../useDeptController';

type Props = { dialog: DeptDialog; onClose: () => void; onSaved: () => void };
const field = createDeptBody.shape;

/**
 * Create or edit a department. The parent list leaves out the department itself and its
 * descendants; the root department has no parent to choose.
 */
export default function DeptFormDialog({ dialog, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = dialog?.mode === 'edit' ? dialog.dept : undefined;
  const isRoot = editing?.parentId === 0;
  const parents = useQuery({
    queryKey: ['system-dept-parents', editing?.deptId ?? 'all'],
    queryFn: async () => (editing ? await listDeptsExcluding(editing.deptId) : await listDepts({})).data,
    enabled: !!dialog && !isRoot,
    staleTime: 0,
  });
  const parentTree = useMemo(() => nestByParent(parents.data ?? [], 'deptId', 'parentId'), [parents.data]);

  const fields: AdminField<CreateDeptBody>[] = [
    { name: 'parentId', label: 'dept.parent', kind: 'tree', treeData: parentTree, value: 'deptId', text: 'deptName', search: true, loading: parents.isLoading, placeholder: t('dept.parentPlaceholder'), hidden: isRoot, required: true, schema: field.parentId },
    { name: 'deptName', label: 'dept.deptName', kind: 'text', maxLength: 30, span: 12, required: true, schema: field.deptName },
    { name: 'orderNum', label: 'admin.orderNum', kind: 'number', max: 9999, span: 12, required: true, schema: field.orderNum },
    { name: 'leader', label: 'dept.leader', kind: 'text', maxLength: 20, span: 12, schema: field.leader },
    { name: 'phone', label: 'dept.phone', kind: 'text', maxLength: 20, span: 12, schema: field.phone },
    { name: 'email', label: 'dept.email', kind: 'text', maxLength: 100, span: 12, schema: field.email },
    { kind: 'status', span: 12 },
  ];
  const save = (values: CreateDeptBody) =>
    editing ? updateDept({ ...values, parentId: isRoot ? 0 : values.parentId, deptId: editing.deptId }) : addDept(values);
  const initialValues: Partial<CreateDeptBody> = editing
    ? { ...editing, status: editing.status as CreateDeptBody['status'] }
    : { parentId: dialog?.mode === 'create' ? dialog.parentId : undefined, orderNum: 0, status: '0' };

  return (
    <AdminFormDialog
      open={!!dialog}
      description={{ title: editing ? 'dept.editTitle' : 'dept.addTitle', fields, initialValues, save }}
      width={640}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
