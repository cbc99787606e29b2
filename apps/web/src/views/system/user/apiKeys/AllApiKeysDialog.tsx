import { Drawer, Input, Space } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { listAllApiKeys, revokeApiKey } from '../../../../api/system/apiKeys';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useHasPermission } from '../../../../utils/permission';
import ApiKeyTable from './ApiKeyTable';

const ALL_API_KEYS_KEY = 'all-api-keys';

/** System › Users › API keys: every user's keys within the administrator's reach, and revoking any. */
export default function AllApiKeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const canRevoke = useHasPermission(PERMISSIONS.apiKey.remove);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [userName, setUserName] = useState('');
  const query = useQuery({
    queryKey: [ALL_API_KEYS_KEY, page, userName],
    queryFn: () => listAllApiKeys({ ...page, userName: userName || undefined }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ALL_API_KEYS_KEY] });

  return (
    // A drawer, not a dialog: the table is wide, and a drawer takes the window's side whatever the menu's width.
    <Drawer open={open} title={t('apiKeys.allTitle')} onClose={onClose} size={1080} destroyOnHidden data-testid="all-api-keys-dialog">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('apiKeys.userNamePlaceholder')}
          style={{ maxWidth: 280 }}
          onSearch={(value) => {
            setUserName(value.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        {query.isError ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : (
          <ApiKeyTable
            showUser
            rows={query.data?.rows ?? []}
            loading={query.isFetching}
            onRevoke={canRevoke ? (row) => confirm(t('apiKeys.revokeConfirm', { name: row.name }), () => revokeApiKey(row.keyId).then(refresh), t('server.apiKey.revoked')) : undefined}
            pagination={{ current: page.pageNum, pageSize: page.pageSize, total: query.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
          />
        )}
      </Space>
    </Drawer>
  );
}
