import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Select, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODULE_ACCESS, type ModuleAccess, type ModuleSharingRow } from '@orbit/shared/contract/sharing';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { listModuleSharing, setModuleSharing } from '../../../api/sharing';
import LoadError from '../../../components/admin/LoadError';
import { useHasPermission } from '../../../utils/permission';
import SharingRules from './components/SharingRules';

const sharingKey = ['setup', 'sharing'];

/**
 * Set-up › Sharing (docs/architecture.md, "Sharing"): each module's default access beyond the
 * role's data scope — private, public read-only, public read/write — and the sharing rules below
 * them. A change applies to everyone's next request; changing needs the set-up edit permission,
 * looking the list one.
 */
export default function SetupSharingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission(PERMISSIONS.setupFields.edit);
  const rows = useQuery({ queryKey: sharingKey, queryFn: async () => (await listModuleSharing()).data });

  const change = async (module: CrmModule, access: ModuleAccess) => {
    await setModuleSharing(module, access);
    await queryClient.invalidateQueries({ queryKey: sharingKey });
    void message.success(t('sharing.setup.saved', { module: t(`crm.module.${module}`), access: t(`sharing.access.${access}`) }));
  };

  return (
    <>
    <Card size="small" data-testid="setup-sharing">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('sharing.setup.title')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('sharing.setup.help')} style={{ marginBottom: 12 }} />
      {!canEdit && <Alert type="info" showIcon title={t('setup.readOnlyNote')} style={{ marginBottom: 12 }} />}
      {rows.isError ? (
        <LoadError onRetry={() => void rows.refetch()} />
      ) : !rows.data ? (
        <div data-testid="sharing-setup-loading"><Skeleton active /></div>
      ) : (
        <Table<ModuleSharingRow>
          size="small"
          rowKey="module"
          dataSource={rows.data}
          pagination={false}
          locale={{ emptyText: t('sharing.setup.empty') }}
          data-testid="sharing-setup-table"
          columns={[
            { title: t('sharing.setup.module'), dataIndex: 'module', render: (module: CrmModule) => t(`crm.module.${module}`) },
            {
              title: t('sharing.setup.access'),
              dataIndex: 'access',
              render: (access: ModuleAccess, row) =>
                canEdit ? (
                  <Select<ModuleAccess>
                    value={access}
                    style={{ minWidth: 200 }}
                    onChange={(value) => void change(row.module, value)}
                    options={MODULE_ACCESS.map((a) => ({ value: a, label: t(`sharing.access.${a}`) }))}
                    aria-label={`${t('sharing.setup.access')} ${t(`crm.module.${row.module}`)}`}
                    data-testid={`sharing-access-${row.module}`}
                  />
                ) : (
                  <span data-testid={`sharing-access-${row.module}`}>{t(`sharing.access.${access}`)}</span>
                ),
            },
          ]}
        />
      )}
    </Card>
    <SharingRules canEdit={canEdit} />
    </>
  );
}
