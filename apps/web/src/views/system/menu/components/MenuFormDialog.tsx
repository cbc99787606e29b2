import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createMenuBody, MENU_TYPES, menuPathProblem, type CreateMenuBody, type MenuRow } from '@orbit/shared/contract/menu';
import { addMenu, updateMenu } from '../../../../api/system/menu';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import { remarkField, type AdminField } from '../../../../components/admin/adminFields';
import type { MenuDialog } from '../useMenuController';
import IconPicker from './IconPicker';
import { parentOptions } from './parentOptions';

type Props = { dialog: MenuDialog; rows: MenuRow[]; onClose: () => void; onSaved: () => void };
const field = createMenuBody.shape;

/** Which fields a menu type uses: directories (M) and pages (C) route and are named, buttons (F) only carry a permission. */
export function fieldsOf(menuType: string | undefined) {
  return {
    routing: menuType !== 'F',
    page: menuType === 'C',
    perms: menuType !== 'M',
  };
}

/** Create or edit a directory, page or button; the fields follow the type chosen. */
export default function MenuFormDialog({ dialog, rows, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateMenuBody>();
  const editing = dialog?.mode === 'edit' ? dialog.menu : undefined;
  const menuType = Form.useWatch('menuType', form) ?? editing?.menuType ?? 'M';
  const shown = fieldsOf(menuType);
  const parents = useMemo(() => parentOptions(rows, t('menu.root'), editing?.menuId), [rows, t, editing?.menuId]);

  const fields: AdminField<CreateMenuBody>[] = [
    { name: 'parentId', label: 'menu.parent', kind: 'tree', treeData: parents, value: 'menuId', text: 'menuName', search: true, expandedKeys: [0], required: true },
    { name: 'menuType', label: 'menu.menuType', kind: 'radio', options: MENU_TYPES.map((type) => ({ value: type, label: t(`menu.type${type}`) })), required: true },
    { name: 'icon', label: 'menu.icon', kind: 'custom', render: () => <IconPicker />, hidden: !shown.routing, schema: field.icon },
    { name: 'menuName', label: 'menu.menuName', kind: 'text', maxLength: 50, span: 12, required: true, schema: field.menuName },
    { name: 'orderNum', label: 'admin.orderNum', kind: 'number', max: 9999, span: 12, required: true, schema: field.orderNum },
    { name: 'isFrame', label: 'menu.isFrame', kind: 'yesNo', yes: '0', no: '1', span: 12, tooltip: 'menu.isFrameHint', hidden: !shown.routing },
    {
      name: 'path',
      label: 'menu.path',
      kind: 'text',
      maxLength: 200,
      span: 12,
      tooltip: 'menu.pathHint',
      hidden: !shown.routing,
      required: true,
      schema: field.path,
      rules: [
        { required: true, whitespace: true, message: t('server.validation.required', { field: t('server.field.path') }) },
        ({ getFieldValue }) => ({
          // The server's own check: an external link, or any path that is an address, must be an http(s) web address.
          validator: async (_r, value?: string) => {
            const problem = value ? menuPathProblem(value.trim(), getFieldValue('isFrame')) : undefined;
            if (problem) throw new Error(t(`server.${problem}`));
          },
        }),
      ],
    },
    // Directories need it too: the sidebar translates menu labels by route name.
    { name: 'routeName', label: 'menu.routeName', kind: 'text', maxLength: 50, span: 12, tooltip: 'menu.routeNameHint', hidden: !shown.routing, schema: field.routeName },
    { name: 'component', label: 'menu.component', kind: 'text', maxLength: 255, placeholder: 'system/user/index', span: 12, tooltip: 'menu.componentHint', hidden: !shown.page, schema: field.component },
    { name: 'query', label: 'menu.query', kind: 'text', maxLength: 255, placeholder: '{"id": 1}', span: 12, hidden: !shown.page, schema: field.query },
    { name: 'perms', label: 'menu.perms', kind: 'text', maxLength: 100, placeholder: 'system:user:list', span: 12, tooltip: 'menu.permsHint', hidden: !shown.perms, schema: field.perms },
    { name: 'isCache', label: 'menu.isCache', kind: 'radio', options: [{ value: '0', label: t('menu.cache') }, { value: '1', label: t('menu.noCache') }], span: 12, hidden: !shown.page },
    { name: 'affix', label: 'menu.affix', kind: 'yesNo', span: 12, tooltip: 'menu.affixHint', hidden: !shown.page },
    {
      name: 'breadcrumb',
      label: 'menu.breadcrumb',
      kind: 'radio',
      options: [{ value: true, label: t('menu.breadcrumbShow') }, { value: false, label: t('menu.breadcrumbHide') }],
      span: 12,
      tooltip: 'menu.breadcrumbHint',
      hidden: !shown.routing,
    },
    { name: 'visible', label: 'menu.visible', kind: 'radio', dict: 'sys_show_hide', span: 12, hidden: !shown.routing },
    { kind: 'status', span: 12 },
    remarkField(field.remark),
  ];
  const save = (values: CreateMenuBody) => (editing ? updateMenu({ ...values, menuId: editing.menuId }) : addMenu(values));
  const initialValues = editing
    ? { ...editing, component: editing.component ?? '', perms: editing.perms ?? '', query: editing.query ?? '' }
    : { parentId: dialog?.mode === 'create' ? (dialog.parentId ?? 0) : 0, menuType: 'M', orderNum: 0, isFrame: '1', isCache: '0', visible: '0', status: '0', affix: false, breadcrumb: true };

  return (
    <AdminFormDialog
      open={!!dialog}
      description={{ title: editing ? 'menu.editTitle' : 'menu.addTitle', fields, initialValues, save }}
      width={720}
      form={form}
      testId="menu-form"
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
