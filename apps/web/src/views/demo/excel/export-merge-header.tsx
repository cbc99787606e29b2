import { Button, Table } from 'antd';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { articlesStore } from '../example/components/articles';
import { exportSheet } from './components/excel';

/** Merge header: a two-row header whose top cells span several columns, in the table and in the file. */
export default function ExportMergeHeader() {
  const { t } = useDemoT();
  const rows = articlesStore.use().slice(0, 20);
  const handleExport = () =>
    exportSheet(
      {
        topHeader: ['Id', 'Main Information', '', '', 'Date'],
        header: ['', 'Title', 'Author', 'Readings', ''],
        merges: ['A1:A2', 'B1:D1', 'E1:E2'],
        rows: rows.map((a) => [a.id, a.title, a.author, a.pageviews, a.displayTime]),
      },
      'merge-header',
    );
  return (
    <DemoPage id="excel.merge" extra={<Button type="primary" onClick={handleExport}>{t('excel.exportButton')}</Button>}>
      <Table rowKey="id" size="small" bordered pagination={false} dataSource={rows}
        columns={[
          { title: 'Id', dataIndex: 'id' },
          { title: t('excel.mainInformation'), children: [{ title: t('example.titleField'), dataIndex: 'title' }, { title: t('example.author'), dataIndex: 'author' }, { title: t('excel.readings'), dataIndex: 'pageviews' }] },
          { title: t('example.date'), dataIndex: 'displayTime' },
        ]} />
    </DemoPage>
  );
}
