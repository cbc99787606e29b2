import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateApiKeyBody } from '@orbit/shared/contract/apiKeys';
import { createApiKey, listOwnApiKeys, revokeOwnApiKey } from '../../../../api/system/apiKeys';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import ApiKeyTable from './ApiKeyTable';
import CreateApiKeyDialog from './CreateApiKeyDialog';
import NewKeyDialog from './NewKeyDialog';

export const OWN_API_KEYS_KEY = 'own-api-keys';

/** Profile › API keys: one's own keys, a new one (shown once), revoking. */
export default function ApiKeysSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const query = useQuery({ queryKey: [OWN_API_KEYS_KEY], queryFn: listOwnApiKeys });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [OWN_API_KEYS_KEY] });

  const create = async (values: CreateApiKeyBody) => {
    const { data } = await createApiKey(values);
    setCreating(false);
    setShown(data.key);
    await refresh();
  };

  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <div data-testid="api-keys-section">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('apiKeys.intro')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('apiKeys.create')}
        </Button>
        <ApiKeyTable
          rows={query.data?.data ?? []}
          loading={query.isLoading}
          onRevoke={(row) => confirm(t('apiKeys.revokeConfirm', { name: row.name }), () => revokeOwnApiKey(row.keyId).then(refresh), t('server.apiKey.revoked'))}
        />
      </Space>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} onCreate={create} />
      <NewKeyDialog apiKey={shown} onClose={() => setShown(null)} />
    </div>
  );
}
