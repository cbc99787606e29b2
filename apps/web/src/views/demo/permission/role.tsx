import { Button, Form, Input, Modal, Popconfirm, Space, Table, Tree, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DemoRoute, MockRole } from '@orbit/shared/contract/demo';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { mockApi } from '../components/mockApi';

type TreeNode = { key: string; title: string; children?: TreeNode[] };
const toTree = (routes: DemoRoute[], base = ''): TreeNode[] =>
  routes.map((r) => {
    const key = r.path.startsWith('/') || r.path.startsWith('http') ? r.path : `${base}/${r.path}`;
    return { key, title: r.meta?.title ?? key, children: r.children && toTree(r.children, key) };
  });
const keysOf = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.key, ...keysOf(n.children ?? [])]);
/** The routes whose key is checked, with their checked children. */
const pick = (routes: DemoRoute[], checked: Set<string>, base = ''): DemoRoute[] =>
  routes.flatMap((r) => {
    const key = r.path.startsWith('/') || r.path.startsWith('http') ? r.path : `${base}/${r.path}`;
    const children = r.children && pick(r.children, checked, key);
    return checked.has(key) || children?.length ? [{ ...r, children }] : [];
  });

type Editing = { key: string | null; name: string; description: string; checked: string[] };

/** Role permission (admin only): the mock roles with create, edit and delete against the mock endpoints. */
export default function RolePermission() {
  const { t } = useDemoT();
  const routes = useQuery({ queryKey: ['demo', 'mockRoutes'], queryFn: mockApi.routes });
  const initial = useQuery({ queryKey: ['demo', 'mockRoles'], queryFn: mockApi.roles });
  const [roles, setRoles] = useState<MockRole[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  useEffect(() => {
    if (initial.data) setRoles(initial.data);
  }, [initial.data]);
  const tree = toTree(routes.data ?? []);

  async function handleSave() {
    if (!editing) return;
    const body = { name: editing.name, description: editing.description, routes: pick(routes.data ?? [], new Set(editing.checked)) };
    if (editing.key) {
      await mockApi.updateRole(editing.key, body);
      setRoles((list) => list.map((r) => (r.key === editing.key ? { ...r, ...body } : r)));
    } else {
      const { key } = await mockApi.addRole(body);
      setRoles((list) => [...list, { key: String(key), ...body }]);
    }
    message.success(t('role.saved'));
    setEditing(null);
  }

  async function handleDelete(key: string) {
    await mockApi.deleteRole(key);
    setRoles((list) => list.filter((r) => r.key !== key));
    message.success(t('role.deleted'));
  }

  return (
    <DemoPage id="permission.role" extra={<Button type="primary" onClick={() => setEditing({ key: null, name: '', description: '', checked: [] })}>{t('role.add')}</Button>}>
      <Table<MockRole>
        rowKey="key"
        loading={initial.isLoading}
        dataSource={roles}
        pagination={false}
        columns={[
          { title: t('role.key'), dataIndex: 'key', width: 120 },
          { title: t('role.name'), dataIndex: 'name', width: 160 },
          { title: t('role.description'), dataIndex: 'description' },
          {
            title: t('role.operations'),
            width: 200,
            render: (_, role) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ key: role.key, name: role.name, description: role.description, checked: keysOf(toTree(role.routes)) })}>
                  {t('role.edit')}
                </Button>
                <Popconfirm title={t('role.confirmDelete')} onConfirm={() => handleDelete(role.key)}>
                  <Button size="small" danger>{t('role.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing?.key ? t('role.edit') : t('role.add')} onOk={handleSave} onCancel={() => setEditing(null)} destroyOnHidden>
        {editing && (
          <Form layout="vertical">
            <Form.Item label={t('role.name')}>
              <Input value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
            </Form.Item>
            <Form.Item label={t('role.description')}>
              <Input.TextArea value={editing.description} onChange={(e) => setEditing({ ...editing, description: e.target.value })} />
            </Form.Item>
            <Form.Item label={t('role.menus')}>
              <Tree checkable defaultExpandAll treeData={tree} checkedKeys={editing.checked} onCheck={(keys) => setEditing({ ...editing, checked: (Array.isArray(keys) ? keys : keys.checked).map(String) })} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </DemoPage>
  );
}
