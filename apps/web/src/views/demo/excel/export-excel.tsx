import { Button, Space, Table, message } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { articlesStore } from '../example/components/articles';
import ExportOptions, { type ExportChoice } from './components/ExportOptions';
import { exportSheet } from './components/excel';

/** Export Excel: the article list written to an .xlsx (or .csv) in the browser. */
export default function ExportExcel() {
  const { t } = useDemoT();
  const rows = articlesStore.use().slice(0, 20);
  const [choice, setChoice] = useState<ExportChoice>({ fileName: '', bookType: 'xlsx' });
  const [busy, setBusy] = useState(false);
  async function handleExport() {
    setBusy(true);
    try {
      await exportSheet({ header: ['Id', 'Title', 'Author', 'Readings', 'Date'], rows: rows.map((a) => [a.id, a.title, a.author, a.pageviews, a.displayTime]) }, choice.fileName, choice.bookType);
    } catch {
      message.error(t('excel.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <DemoPage id="excel.export">
      <Space wrap style={{ marginBottom: 16 }}>
        <ExportOptions value={choice} onChange={setChoice} />
        <Button type="primary" loading={busy} onClick={handleExport} data-testid="excel-export">{t('excel.exportButton')}</Button>
      </Space>
      <Table rowKey="id" size="small" pagination={false} dataSource={rows}
        columns={[{ title: 'Id', dataIndex: 'id' }, { title: t('example.titleField'), dataIndex: 'title' }, { title: t('example.author'), dataIndex: 'author' }, { title: t('excel.readings'), dataIndex: 'pageviews' }, { title: t('example.date'), dataIndex: 'displayTime' }]} />
    </DemoPage>
  );
}
