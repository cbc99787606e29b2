import { Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { articlesStore } from '../example/components/articles';

/** Export zip: the article list as a tab-separated text file, zipped in the browser (JSZip, loaded on click). */
export default function ExportZip() {
  const { t } = useDemoT();
  const rows = articlesStore.use().slice(0, 20);
  const [fileName, setFileName] = useState('');
  async function handleZip() {
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    const text = [['Id', 'Title', 'Author', 'Readings', 'Date'], ...rows.map((a) => [a.id, a.title, a.author, a.pageviews, a.displayTime])].map((r) => r.join('\t')).join('\n');
    const name = fileName || 'file';
    zip.file(`${name}.txt`, text);
    const blob = await zip.generateAsync({ type: 'blob' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${name}.zip`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }
  return (
    <DemoPage id="zip">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input style={{ width: 240 }} placeholder={t('zip.fileName')} value={fileName} onChange={(e) => setFileName(e.target.value)} />
        <Button type="primary" onClick={handleZip} data-testid="zip-export">{t('zip.export')}</Button>
      </Space>
      <Table rowKey="id" size="small" pagination={false} dataSource={rows}
        columns={[{ title: 'Id', dataIndex: 'id' }, { title: t('example.titleField'), dataIndex: 'title' }, { title: t('example.author'), dataIndex: 'author' }, { title: t('example.date'), dataIndex: 'displayTime' }]} />
    </DemoPage>
  );
}
