import { Col, Form, Input, InputNumber, Radio, Row, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createMenuBody, MENU_TYPES, menuPathProblem, type CreateMenuBody, type MenuRow } from '@orbit/shared/contract/menu';
import { addMenu, updateMenu } from '../../../../api/system/menu';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import { StatusRadioItem } from '../../../../components/dict/StatusItems';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
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

/** Create or edit a directory, page or button. */
export default function MenuFormDialog({ dialog, rows, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateMenuBody>();
  const zodRule = useZodRule();
  const dict = useDict('sys_show_hide');
  const editing = dialog?.mode === 'edit' ? dialog.menu : undefined;
  const menuType = Form.useWatch('menuType', form) ?? editing?.menuType ?? 'M';
  const shown = fieldsOf(menuType);
  const parents = useMemo(() => parentOptions(rows, t('menu.root'), editing?.menuId), [rows, t, editing?.menuId]);

  const save = (values: CreateMenuBody) => (editing ? updateMenu({ ...values, menuId: editing.menuId }) : addMenu(values));
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });

  const initialValues: Partial<CreateMenuBody> = editing
    ? ({ ...editing, component: editing.component ?? '', perms: editing.perms ?? '', query: editing.query ?? '' } as Partial<CreateMenuBody>)
    : { parentId: dialog?.mode === 'create' ? (dialog.parentId ?? 0) : 0, menuType: 'M', orderNum: 0, isFrame: '1', isCache: '0', visible: '0', status: '0', affix: false, breadcrumb: true };

  return (
    <FormDialog
      open={!!dialog}
      title={t(editing ? 'menu.editTitle' : 'menu.addTitle')}
      width={720}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
    >
      <DialogForm form={form} layout="vertical" initialValues={initialValues} data-testid="menu-form">
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="parentId" label={t('menu.parent')} required>
              <TreeSelect treeData={parents} fieldNames={{ value: 'menuId', label: 'menuName' }} showSearch treeNodeFilterProp="menuName" treeDefaultExpandedKeys={[0]} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="menuType" label={t('menu.menuType')} required>
              <Radio.Group options={MENU_TYPES.map((type) => ({ value: type, label: t(`menu.type${type}`) }))} />
            </Form.Item>
          </Col>
          {shown.routing && (
            <Col span={24}>
              <Form.Item name="icon" label={t('menu.icon')} rules={[zodRule(field.icon, 'icon')]}>
                <IconPicker />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="menuName" label={t('menu.menuName')} required rules={[zodRule(field.menuName, 'menuName')]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="orderNum" label={t('admin.orderNum')} required rules={[zodRule(field.orderNum, 'orderNum')]}>
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {shown.routing && (
            <>
              <Col span={12}>
                <Form.Item name="isFrame" label={t('menu.isFrame')} tooltip={t('menu.isFrameHint')}>
                  <Radio.Group options={[{ value: '0', label: t('menu.yes') }, { value: '1', label: t('menu.no') }]} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="path" label={t('menu.path')} required tooltip={t('menu.pathHint')} rules={[
                    { required: true, whitespace: true, message: t('server.validation.required', { field: t('server.field.path') }) },
                    zodRule(field.path, 'path'),
                    ({ getFieldValue }) => ({
                      // The server's own check: an external link, or any path that is an address, must be an http(s) web address.
                      validator: async (_r, value?: string) => {
                        const problem = value ? menuPathProblem(value.trim(), getFieldValue('isFrame')) : undefined;
                        if (problem) throw new Error(t(`server.${problem}`));
                      },
                    }),
                  ]}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col span={12}>
                {/* Directories need it too: the sidebar translates menu labels by route name. */}
                <Form.Item name="routeName" label={t('menu.routeName')} tooltip={t('menu.routeNameHint')} rules={[zodRule(field.routeName, 'routeName')]}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
            </>
          )}
          {shown.page && (
            <>
              <Col span={12}>
                <Form.Item name="component" label={t('menu.component')} tooltip={t('menu.componentHint')} rules={[zodRule(field.component, 'component')]}>
                  <Input maxLength={255} placeholder="system/user/index" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="query" label={t('menu.query')} rules={[zodRule(field.query, 'query')]}>
                  <Input maxLength={255} placeholder='{"id": 1}' />
                </Form.Item>
              </Col>
            </>
          )}
          {shown.perms && (
            <Col span={12}>
              <Form.Item name="perms" label={t('menu.perms')} tooltip={t('menu.permsHint')} rules={[zodRule(field.perms, 'perms')]}>
                <Input maxLength={100} placeholder="system:user:list" />
              </Form.Item>
            </Col>
          )}
          {shown.page && (
            <Col span={12}>
              <Form.Item name="isCache" label={t('menu.isCache')}>
                <Radio.Group options={[{ value: '0', label: t('menu.cache') }, { value: '1', label: t('menu.noCache') }]} />
              </Form.Item>
            </Col>
          )}
          {shown.page && (
            <Col span={12}>
              <Form.Item name="affix" label={t('menu.affix')} tooltip={t('menu.affixHint')}>
                <Radio.Group aria-label={t('menu.affix')} options={[{ value: true, label: t('menu.yes') }, { value: false, label: t('menu.no') }]} />
              </Form.Item>
            </Col>
          )}
          {shown.routing && (
            <Col span={12}>
              <Form.Item name="breadcrumb" label={t('menu.breadcrumb')} tooltip={t('menu.breadcrumbHint')}>
                <Radio.Group aria-label={t('menu.breadcrumb')} options={[{ value: true, label: t('menu.breadcrumbShow') }, { value: false, label: t('menu.breadcrumbHide') }]} />
              </Form.Item>
            </Col>
          )}
          {shown.routing && (
            <Col span={12}>
              <Form.Item name="visible" label={t('menu.visible')}>
                <Radio.Group options={dictSelectOptions(dict.sys_show_hide)} />
              </Form.Item>
            </Col>
          )}
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
