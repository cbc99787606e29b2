import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, errorLogStore, type ErrorLogEntry } from '../store/errorLog';

/** Production builds only: uncaught errors, with Msg, Info, Url, Stack and Clear All (SPEC §2). */
export default function ErrorLog() {
  const { t } = useTranslation();
  const logs = errorLogStore.use();
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <Tooltip title={t('layout.errorLog')}>
        <Badge count={logs.length} size="small" offset={[-6, 6]}>
          <Button type="text" danger icon={<BugOutlined />} aria-label={t('layout.errorLog')} onClick={() => setOpen(true)} data-testid="error-log" />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        width={960}
        title={t('layout.errorLog.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clearErrorLog();
              setOpen(false);
            }}
          >
            {t('layout.errorLog.clearAll')}
          </Button>
        }
      >
        <Table<ErrorLogEntry>
          rowKey={(row) => `${row.time}-${row.message}`}
          size="small"
          dataSource={logs}
          pagination={false}
          scroll={{ x: 800, y: 480 }}
          columns={[
            { title: t('layout.errorLog.msg'), dataIndex: 'message', width: 200 },
            { title: t('layout.errorLog.info'), dataIndex: 'info', width: 160 },
            { title: t('layout.errorLog.url'), dataIndex: 'url', width: 200, ellipsis: true },
            {
              title: t('layout.errorLog.stack'),
              dataIndex: 'stack',
              render: (stack: string) => <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{stack}</Typography.Paragraph>,
            },
          ]}
        />
      </Modal>
    </>
  );
}
