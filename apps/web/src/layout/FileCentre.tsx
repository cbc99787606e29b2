import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Progress, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE, FILE_PAGE_SIZES, FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import type { FileRecord } from '@orbit/shared/contract/files';
import { downloadFile, listFiles } from '../api/files';
import { fileCentreTab } from '../store/fileCentre';
import { ImportActions, ImportStatus } from './FileImport';

/** While a file is being generated the list refreshes itself. */
const GENERATING_POLL_MS = 2000;

function FileStatus({ file }: { file: FileRecord }) {
  const { t } = useTranslation();
  if (file.importInfo) {
    // An upload record: its import's phase and counts, with the same progress and failure as any file.
    const inner = { ...file, importInfo: null };
    return <ImportStatus file={file} progress={<FileStatus file={inner} />} failed={<FileStatus file={inner} />} />;
  }
  if (file.status === FILE_STATUS.generating) {
    const total = file.progressTotal;
    return (
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <Tag icon={<LoadingOutlined spin />} color="processing" data-testid="file-status-generating">
          {t('layout.files.status.0')}
        </Tag>
        {total ? (
          <Progress
            percent={Math.floor((100 * file.progressDone) / total)}
            size="small"
            format={() => t('layout.files.progress', { done: file.progressDone.toLocaleString(), total: total.toLocaleString() })}
            data-testid="file-progress"
          />
        ) : null}
      </Space>
    );
  }
  if (file.status === FILE_STATUS.available)
    return (
      <Tag color="success" data-testid="file-status-available">
        {t('layout.files.status.1')}
      </Tag>
    );
  const failed = (
    <Tag color="error" data-testid="file-status-failed">
      {t('layout.files.status.3')}
    </Tag>
  );
  // Why it failed, when the server said (the job's reason, in the language it was asked in).
  return file.errorMsg ? (
    <Space orientation="vertical" size={2}>
      {failed}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="file-error">
        {file.errorMsg}
      </Typography.Text>
    </Space>
  ) : (
    failed
  );
}

function FileTable({ type }: { type: number }) {
  const { t } = useTranslation();
  const uploads = type === FILE_TYPE.upload;
  const [fileName, setFileName] = useState('');
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE_NUM, pageSize: DEFAULT_PAGE_SIZE });
  const [downloading, setDownloading] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['userFiles', type, fileName, page],
    queryFn: () => listFiles({ type, fileName, ...page }),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === FILE_STATUS.generating) ? GENERATING_POLL_MS : false),
    staleTime: 0,
  });

  const handleDownload = async (id: number) => {
    setDownloading(id);
    try {
      await downloadFile(id);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        placeholder={t('layout.files.searchPlaceholder')}
        aria-label={t('layout.files.fileName')}
        onSearch={(value) => {
          setFileName(value.trim());
          setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
        }}
        style={{ maxWidth: 320 }}
        data-testid="file-search"
      />
      <Table<FileRecord>
        rowKey="id"
        size="small"
        loading={query.isFetching && !query.data}
        dataSource={query.data?.rows ?? []}
        scroll={{ x: 560 }}
        columns={[
          { title: t('layout.files.fileName'), dataIndex: 'fileName', ellipsis: true },
          { title: t('layout.files.status'), dataIndex: 'status', width: uploads ? 260 : 220, render: (_: number, file: FileRecord) => <FileStatus file={file} /> },
          { title: t('layout.files.createTime'), dataIndex: 'createTimeStr', width: 170 },
          {
            title: t('layout.files.action'),
            key: 'action',
            // An upload record has its import's actions too (its errors, undo).
            width: uploads ? 230 : 120,
            render: (_, row) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  disabled={row.status !== FILE_STATUS.available}
                  loading={row.status === FILE_STATUS.generating || downloading === row.id}
                  onClick={() => void handleDownload(row.id)}
                  data-testid={`file-download-${row.id}`}
                >
                  {t('layout.files.downloadButton')}
                </Button>
                {row.importInfo && <ImportActions file={row} />}
              </Space>
            ),
          },
        ]}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: FILE_PAGE_SIZES.map(String),
          showTotal: (total) => t('layout.files.total', { count: total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : DEFAULT_PAGE_NUM, pageSize }),
        }}
      />
    </Space>
  );
}

/** The file centre's dialog: download and upload records, one tab each (loaded when first opened). */
export default function FileCentre({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tab = fileCentreTab.use();
  return (
    <Modal open={open} title={t('layout.files.title')} footer={null} width={900} onCancel={onClose} destroyOnHidden data-testid="file-dialog">
      <Tabs
        activeKey={String(tab)}
        onChange={(key) => fileCentreTab.set(Number(key))}
        destroyOnHidden
        items={[
          { key: String(FILE_TYPE.download), label: t('layout.files.download'), children: <FileTable type={FILE_TYPE.download} /> },
          { key: String(FILE_TYPE.upload), label: t('layout.files.upload'), children: <FileTable type={FILE_TYPE.upload} /> },
        ]}
      />
    </Modal>
  );
}
