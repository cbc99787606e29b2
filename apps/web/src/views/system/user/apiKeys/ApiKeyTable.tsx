import { Button, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRow, ApiKeyStatus } from '@orbit/shared/contract/apiKeys';
import { formatTime } from '../../../../components/admin/formatTime';

const STATUS_COLOUR: Record<ApiKeyStatus, string> = { active: 'green', expired: 'default', revoked: 'red' };

type Props = {
  rows: ApiKeyRow[];
  loading: boolean;
  /** Administrators' list: whose key each is. */
  showUser?: boolean;
  /** Shown on active keys only; absent, the column is left out. */
  onRevoke?: (row: ApiKeyRow) => void;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
};

/** API keys as lists show them: never the key, only its first characters. */
export default function ApiKeyTable({ rows, loading, showUser, onRevoke, pagination = false }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ApiKeyRow> = [
    ...(showUser
      ? [{ title: t('apiKeys.user'), key: 'user', render: (_: unknown, row: ApiKeyRow) => <span title={row.nickName}>{row.userName}</span> }]
      : []),
    { title: t('apiKeys.name'), dataIndex: 'name', key: 'name' },
    { title: t('apiKeys.key'), dataIndex: 'keyHint', key: 'keyHint', render: (hint: string) => <code>{hint}…</code> },
    { title: t('apiKeys.access'), dataIndex: 'readOnly', key: 'readOnly', render: (readOnly: boolean) => t(readOnly ? 'apiKeys.accessRead' : 'apiKeys.accessWrite') },
    { title: t('apiKeys.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: formatTime },
    { title: t('apiKeys.expiresAt'), dataIndex: 'expiresAt', key: 'expiresAt', render: formatTime },
    { title: t('apiKeys.lastUsedAt'), dataIndex: 'lastUsedAt', key: 'lastUsedAt', render: (value: string | null) => (value ? formatTime(value) : t('apiKeys.never')) },
    {
      title: t('apiKeys.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: ApiKeyStatus) => <Tag color={STATUS_COLOUR[status]}>{t(`apiKeys.status.${status}`)}</Tag>,
    },
    ...(onRevoke
      ? [
          {
            title: t('admin.actions'),
            key: 'actions',
            render: (_: unknown, row: ApiKeyRow) =>
              row.status === 'active' && (
                <Button type="link" danger size="small" onClick={() => onRevoke(row)} data-testid={`revoke-key-${row.keyId}`}>
                  {t('apiKeys.revoke')}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <Table<ApiKeyRow>
      rowKey="keyId"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiKeys.empty')} /> }}
      data-testid="api-key-table"
    />
  );
}
