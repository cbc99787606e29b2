import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Select, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_ACCESS, type FieldAccess, type FieldSecurityMatrix } from '@orbit/shared/crm/fieldSecurity';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getFieldSecurity, saveFieldSecurity } from '../../../../api/fieldSecurity';
import { RequestError } from '../../../../api/request';
import LoadError from '../../../../components/admin/LoadError';
import { moduleMetaKey } from '../../../crm/engine/useModuleMeta';

type Props = { module: CrmModule; canEdit: boolean };
type Cells = Record<string, Record<string, FieldAccess>>;

const fieldSecurityKey = (module: CrmModule, language: string) => ['setup', module, 'fieldSecurity', language];

/**
 * Set-up › Page Layout › Field Security: the module's fields (rows) × roles (columns), each cell
 * Visible, Read-only or Hidden — what Salesforce calls field accessibility per profile. Saved as one
 * matrix; system, name and required fields stay visible to every role (drawn fixed).
 */
export default function FieldSecurityTab({ module, canEdit }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: fieldSecurityKey(module, i18n.language), queryFn: async () => (await getFieldSecurity(module)).data });
  const [edited, setEdited] = useState<Cells | null>(null);
  const [saving, setSaving] = useState(false);

  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <div data-testid="field-security-loading"><Skeleton active /></div>;
  const matrix: FieldSecurityMatrix = query.data;
  if (!matrix.roles.length) return <Empty description={t('setup.fls.noRoles')} />;

  const cells: Cells = edited ?? matrix.access;
  const accessOf = (field: string, roleId: number): FieldAccess => cells[field]?.[String(roleId)] ?? 'edit';
  const setCell = (field: string, roleId: number, access: FieldAccess) => setEdited({ ...cells, [field]: { ...cells[field], [String(roleId)]: access } });
  const options = FIELD_ACCESS.map((a) => ({ value: a, label: t(`setup.fls.${a}`) }));

  const save = async () => {
    setSaving(true);
    try {
      const list = Object.entries(cells).flatMap(([field, byRole]) =>
        Object.entries(byRole).filter(([, access]) => access !== 'edit').map(([roleId, access]) => ({ field, roleId: Number(roleId), access })),
      );
      await saveFieldSecurity(module, { cells: list });
      void message.success(t('setup.fls.saved'));
      setEdited(null);
      // Forms and lists open in this tab follow at once (the metadata answers the fields as the user may see them).
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['setup', module, 'fieldSecurity'] }), queryClient.invalidateQueries({ queryKey: moduleMetaKey(module) })]);
    } catch (error) {
      if (error instanceof RequestError && error.message) void message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <Alert type="info" showIcon title={t('setup.fls.help')} style={{ marginBottom: 12 }} />
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        scroll={{ x: 'max-content', y: 560 }}
        dataSource={matrix.fields}
        data-testid="field-security"
        columns={[
          { key: 'field', title: t('setup.fls.field'), fixed: 'left', width: 200, render: (_: unknown, f) => <Typography.Text>{f.label}</Typography.Text> },
          ...matrix.roles.map((role) => ({
            key: String(role.roleId),
            title: role.roleName,
            width: 150,
            render: (_: unknown, f: FieldSecurityMatrix['fields'][number]) =>
              f.securable ? (
                <Select<FieldAccess>
                  size="small"
                  style={{ width: 130 }}
                  value={accessOf(f.name, role.roleId)}
                  options={options}
                  disabled={!canEdit}
                  onChange={(access) => setCell(f.name, role.roleId, access)}
                  aria-label={`${f.label} · ${role.roleName}`}
                  data-testid={`fls-${f.name}-${role.roleId}`}
                />
              ) : (
                <Typography.Text type="secondary" title={t('setup.fls.fixed')}>
                  {t('setup.fls.edit')}
                </Typography.Text>
              ),
          })),
        ]}
      />
      {canEdit && (
        <Button type="primary" style={{ marginTop: 12 }} loading={saving} disabled={!edited} onClick={() => void save()} data-testid="field-security-save">
          {t('setup.fls.save')}
        </Button>
      )}
    </div>
  );
}
