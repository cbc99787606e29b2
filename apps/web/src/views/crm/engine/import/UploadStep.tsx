import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Select, Space, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import type { ImportUpload } from '@orbit/shared/contract/recordImport';
import { downloadImportTemplate, uploadImport } from '../../../../api/recordImport';
import { RequestError } from '../../../../api/request';
import { checkExcelUpload } from '../../../../utils/uploadGuard';

type Props = {
  meta: ModuleMeta;
  recordTypeId: number | null;
  onRecordType: (id: number | null) => void;
  onUploaded: (upload: ImportUpload) => void;
};

/**
 * The first step: the record type (its layout decides the template's columns and what is
 * required), the template, and the file — checked in the browser (.xlsx, 20M) before it is sent,
 * and by its content on the server.
 */
export default function UploadStep({ meta, recordTypeId, onRecordType, onUploaded }: Props) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const types = meta.recordTypes.filter((r) => r.active);
  const moduleName = t(`crm.module.${meta.module}`);

  const send = async (file: File) => {
    const refusal = checkExcelUpload(file);
    if (refusal) {
      setError(t(`server.${refusal}`));
      return;
    }
    setError(null);
    setUploading(true);
    try {
      onUploaded((await uploadImport(meta.module, file, recordTypeId)).data);
    } catch (e) {
      setError(e instanceof RequestError ? e.message : String(e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {types.length > 1 && (
        <Form.Item label={t('crm.import.recordType')} style={{ marginBottom: 0 }}>
          <Select
            value={recordTypeId ?? undefined}
            onChange={(id: number) => onRecordType(id)}
            options={types.map((r) => ({ value: r.id, label: r.label }))}
            style={{ width: 240 }}
            aria-label={t('crm.import.recordType')}
            data-testid="import-record-type"
          />
        </Form.Item>
      )}
      <Space align="start">
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void downloadImportTemplate(meta.module, recordTypeId, `${t('crm.import.templateName', { module: moduleName })}.xlsx`)}
          data-testid="import-template"
        >
          {t('crm.import.template')}
        </Button>
        <Typography.Text type="secondary">{t('crm.import.templateHint')}</Typography.Text>
      </Space>
      <Spin spinning={uploading} description={t('crm.import.uploading')}>
        <Upload.Dragger
          accept=".xlsx"
          multiple={false}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(file) => {
            void send(file);
            return Upload.LIST_IGNORE;
          }}
          data-testid="import-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('crm.import.drop')}</p>
          <p className="ant-upload-hint">{t('crm.import.dropHint')}</p>
        </Upload.Dragger>
      </Spin>
      {error && <Alert type="error" showIcon title={error} data-testid="import-upload-error" />}
    </Space>
  );
}
