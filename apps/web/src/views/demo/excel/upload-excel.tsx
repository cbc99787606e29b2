import { InboxOutlined } from '@ant-design/icons';
import { Table, Upload, message } from 'antd';
import { useState } from 'react';
import { UPLOAD_LIMIT_BYTES } from '@orbit/shared/constants';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { readSheet } from './components/excel';

/** Upload Excel: an .xlsx of up to 20M read in the browser and shown as a table. */
export default function UploadExcel() {
  const { t } = useDemoT();
  const [sheet, setSheet] = useState<{ header: string[]; rows: string[][] }>({ header: [], rows: [] });
  function handleFile(file: File) {
    if (!/\.xlsx$/i.test(file.name)) message.error(t('excel.excelOnly'));
    else if (file.size > UPLOAD_LIMIT_BYTES) message.error(t('excel.tooBig'));
    else readSheet(file).then(setSheet, () => message.error(t('excel.unreadable')));
    return false;
  }
  return (
    <DemoPage id="excel.upload">
      <Upload.Dragger accept=".xlsx" showUploadList={false} beforeUpload={handleFile} data-testid="excel-upload">
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{t('excel.dropHint')}</p>
      </Upload.Dragger>
      <Table style={{ marginTop: 16 }} size="small" rowKey="rowNumber" dataSource={sheet.rows.map((r, n) => ({ rowNumber: n + 2, ...Object.fromEntries(r.map((v, i) => [String(i), v])) }))}
        columns={sheet.header.map((h, i) => ({ title: h, dataIndex: String(i) }))} />
    </DemoPage>
  );
}
