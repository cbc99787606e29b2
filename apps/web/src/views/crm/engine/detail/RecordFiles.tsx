import { DeleteOutlined, DownloadOutlined, EyeOutlined, InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Modal, Progress, Space, Spin, Table, Tooltip, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPreviewable, type Attachment } from '@orbit/shared/contract/attachments';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { deleteAttachment, downloadAttachment, listAttachments, previewAttachment, uploadAttachments } from '../../../../api/crmAttachments';
import { RequestError } from '../../../../api/request';
import LoadError from '../../../../components/admin/LoadError';
import LoadingRows from '../../../../components/LoadingRows';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { formatTime } from '../../../../utils/formatTime';
import { useModulePermissions } from '../useModulePermissions';
import { titleWithCount } from './cardTitle';

/** Query key of a record's files. */
export const filesKey = (module: CrmModule, id: number) => ['crm-files', module, id];

/** 1,234,567 bytes → "1.2 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The kind of file a (sniffed) content type names, for the Type column. */
function kindOf(contentType: string): 'image' | 'pdf' | 'document' | 'archive' | 'other' {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.startsWith('application/vnd.openxmlformats') || contentType === 'application/x-ole-storage') return 'document';
  if (contentType === 'application/zip' || contentType === 'application/gzip') return 'archive';
  return 'other';
}

type Props = { module: CrmModule; id: number; canEdit: boolean };

/**
 * A record's Files (attachments) on its detail page, for every module: drop or choose several
 * files (one upload with a progress bar), the list (name, size, type, uploader, time), download,
 * delete, and a preview of images and PDFs. Shown to whoever may open the record; adding and
 * deleting need the module's edit permission (`canEdit`).
 */
export default function RecordFiles({ module, id, canEdit }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const can = useModulePermissions(module);
  const files = useQuery({ queryKey: filesKey(module, id), queryFn: async () => (await listAttachments(module, id)).data, enabled: can.query });
  const [progress, setProgress] = useState<{ count: number; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Attachment | null>(null);

  const upload = async (chosen: File[]) => {
    setError(null);
    setProgress({ count: chosen.length, percent: 0 });
    try {
      await uploadAttachments(module, id, chosen, (percent) => setProgress({ count: chosen.length, percent }));
      void message.success(t('crm.files.uploaded', { count: chosen.length }));
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : String(failure));
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: filesKey(module, id) });
    }
  };

  const remove = (file: Attachment) =>
    confirm(
      t('crm.files.confirmDelete', { name: file.fileName }),
      async () => {
        await deleteAttachment(file.id);
        await queryClient.invalidateQueries({ queryKey: filesKey(module, id) });
      },
      t('crm.files.deleted'),
    );

  if (!can.query) return null;
  const rows = files.data ?? [];
  return (
    <Card size="small" title={titleWithCount(t('crm.files.title'), files.data ? rows.length : undefined)} className="crm-detail-section" data-testid="record-files">
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        {canEdit && (
          <Upload.Dragger
            multiple
            showUploadList={false}
            disabled={progress !== null}
            // antd hands every chosen file to beforeUpload with the whole batch: the batch goes as one upload.
            beforeUpload={(file, batch) => {
              if (file === batch[0]) void upload(batch);
              return false;
            }}
            data-testid="record-files-drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('crm.files.drop')}</p>
            <p className="ant-upload-hint">{t('crm.files.dropHint')}</p>
          </Upload.Dragger>
        )}
        {progress && (
          <div data-testid="record-files-progress">
            <Typography.Text type="secondary">{t('crm.files.uploading', { count: progress.count })}</Typography.Text>
            <Progress percent={progress.percent} size="small" />
          </div>
        )}
        {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} data-testid="record-files-error" />}
        {files.isError ? (
          <LoadError onRetry={() => void files.refetch()} />
        ) : !files.data ? (
          <LoadingRows rows={2} data-testid="record-files-loading" />
        ) : !files.isLoading && rows.length === 0 ? (
          <Typography.Text type="secondary" data-testid="record-files-empty">
            {t('crm.files.empty')}
          </Typography.Text>
        ) : (
          <Table<Attachment>
            rowKey="id"
            size="small"
            loading={files.isLoading}
            dataSource={rows}
            pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('crm.files.name'),
                dataIndex: 'fileName',
                render: (name: string, file) => (
                  <Typography.Link onClick={() => (isPreviewable(file.contentType) ? setPreview(file) : void downloadAttachment(file))} data-testid="record-file-name">
                    {name}
                  </Typography.Link>
                ),
              },
              { title: t('crm.files.size'), dataIndex: 'size', render: (size: number) => fileSizeText(size) },
              { title: t('crm.files.type'), dataIndex: 'contentType', render: (type: string) => <Tooltip title={type}>{t(`crm.files.kind.${kindOf(type)}`)}</Tooltip> },
              { title: t('crm.files.uploader'), dataIndex: 'createByName' },
              { title: t('crm.files.time'), dataIndex: 'createTime', render: (time: string) => formatTime(time, { t }) },
              {
                title: t('crm.files.actions'),
                key: 'actions',
                render: (_, file) => (
                  <Space size={0}>
                    {isPreviewable(file.contentType) && (
                      <Tooltip title={t('crm.files.preview')}>
                        <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('crm.files.preview')} onClick={() => setPreview(file)} data-testid="record-file-preview" />
                      </Tooltip>
                    )}
                    <Tooltip title={t('crm.files.download')}>
                      <Button type="link" size="small" icon={<DownloadOutlined />} aria-label={t('crm.files.download')} onClick={() => void downloadAttachment(file)} data-testid="record-file-download" />
                    </Tooltip>
                    {canEdit && (
                      <Tooltip title={t('crm.files.delete')}>
                        <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('crm.files.delete')} onClick={() => remove(file)} data-testid="record-file-delete" />
                      </Tooltip>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Space>
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}

/** An image or a PDF shown in a dialog, from its bytes fetched with the session (a blob: URL, revoked on close). */
function FilePreview({ file, onClose }: { file: Attachment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  const current = useRef<string | null>(null);
  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    setState({ url: null, failed: false });
    previewAttachment(file.id)
      .then((blob) => {
        if (cancelled) return;
        // The sniffed type, so the browser shows the bytes as what they are and nothing else.
        const url = URL.createObjectURL(new Blob([blob], { type: file.contentType }));
        current.current = url;
        setState({ url, failed: false });
      })
      .catch(() => !cancelled && setState({ url: null, failed: true }));
    return () => {
      cancelled = true;
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    };
  }, [file]);
  return (
    <Modal open={file !== null} title={file?.fileName} onCancel={onClose} footer={null} width={file?.contentType === 'application/pdf' ? 900 : 720} destroyOnHidden data-testid="record-file-preview-modal">
      {state.failed ? (
        <Alert type="error" showIcon message={t('crm.files.previewFailed')} />
      ) : !state.url || !file ? (
        <Spin />
      ) : file.contentType === 'application/pdf' ? (
        <iframe title={file.fileName} src={state.url} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="record-file-preview-pdf" />
      ) : (
        <img alt={file.fileName} src={state.url} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} data-testid="record-file-preview-image" />
      )}
    </Modal>
  );
}
