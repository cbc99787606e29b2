import { Button, Input, Space, Table, message } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { articlesStore, type Article } from '../example/components/articles';
import { exportSheet } from './components/excel';

/** Export selected: only the ticked rows go into the file; none ticked says so. */
export default function ExportSelectedExcel() {
  const { t } = useDemoT();
  const rows = articlesStore.use().slice(0, 20);
  const [selected, setSelected] = useState<Article[]>([]);
  const [fileName, setFileName] = useState('');
  async function handleExport() {
    if (selected.length === 0) {
      message.warning(t('excel.selectFirst'));
      return;
    }
    await exportSheet({ header: ['Id', 'Title', 'Author', 'Readings', 'Date'], rows: selected.map((a) => [a.id, a.title, a.author, a.pageviews, a.displayTime]) }, fileName);
  }
  return (
    <DemoPage id="excel.selected">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input style={{ width: 240 }} placeholder={t('excel.fileName')} value={fileName} onChange={(e) => setFileName(e.target.value)} data-testid="excel-file-name" />
        <Button type="primary" onClick={handleExport} data-testid="excel-export">{t('excel.exportSelected')}</Button>
      </Space>
      <Table<Article> rowKey="id" size="small" pagination={false} dataSource={rows}
        rowSelection={{ selectedRowKeys: selected.map((a) => a.id), onChange: (_, chosen) => setSelected(chosen) }}
        columns={[{ title: 'Id', dataIndex: 'id' }, { title: t('example.titleField'), dataIndex: 'title' }, { title: t('example.author'), dataIndex: 'author' }, { title: t('excel.readings'), dataIndex: 'pageviews' }, { title: t('example.date'), dataIndex: 'displayTime' }]} />
    </DemoPage>
  );
}
