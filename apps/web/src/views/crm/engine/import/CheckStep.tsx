import { Alert, Button, Col, Row, Space, Spin, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_CHECK_ROWS_SHOWN, type ImportCheck } from '@orbit/shared/contract/recordImport';

type Props = { check: ImportCheck | undefined; loading: boolean; error: string | null; onRetry: () => void };

/** The fourth step: the dry run's answer — what the run would do with every row, and the first rows in error with their problems. */
export default function CheckStep({ check, loading, error, onRetry }: Props) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin description={t('crm.import.checking')} size="large">
          <div style={{ minHeight: 80 }} />
        </Spin>
      </div>
    );
  }
  if (error || !check) {
    return (
      <Alert
        type="error"
        showIcon
        title={error}
        action={
          <Button size="small" onClick={onRetry}>
            {t('crm.import.retry')}
          </Button>
        }
        data-testid="import-check-error"
      />
    );
  }
  const stats = [
    ['rows', check.rows],
    ['toCreate', check.create],
    ['toUpdate', check.update],
    ['toSkip', check.skip],
    ['withErrors', check.invalid],
  ] as const;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="import-check">
      <Row gutter={16}>
        {stats.map(([key, value]) => (
          <Col key={key} span={4}>
            <Statistic title={t(`crm.import.${key}`)} value={value} styles={key === 'withErrors' && value ? { content: { color: '#c0392b' } } : undefined} />
          </Col>
        ))}
      </Row>
      {check.invalid ? (
        <Alert type="warning" showIcon title={t('crm.import.someInvalid', { count: check.invalid })} />
      ) : (
        <Alert type="success" showIcon title={t('crm.import.allValid')} />
      )}
      {check.errors.length > 0 && (
        <Table
          rowKey="row"
          size="small"
          title={() => t('crm.import.shownErrors', { count: Math.min(check.invalid, IMPORT_CHECK_ROWS_SHOWN) })}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          dataSource={check.errors}
          data-testid="import-check-errors"
          columns={[
            { title: t('crm.import.row'), dataIndex: 'row', width: 80 },
            {
              title: t('crm.import.problems'),
              dataIndex: 'messages',
              render: (messages: string[]) => (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {messages.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}
