import { Button, Input, Rate, Select, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import { articlesStore, type Article } from './components/articles';

/** Article list: filters, paging and links to the editor, over the mock articles. */
export default function ArticleList() {
  const { t } = useDemoT();
  const navigate = useNavigate();
  const articles = articlesStore.use();
  const [title, setTitle] = useState('');
  const [importance, setImportance] = useState<number>();
  const [type, setType] = useState<string>();
  const rows = useMemo(
    () => articles.filter((a) => (!title || a.title.toLowerCase().includes(title.toLowerCase())) && (!importance || a.importance === importance) && (!type || a.type === type)),
    [articles, title, importance, type],
  );
  return (
    <DemoPage id="example.list" extra={<Button type="primary" onClick={() => navigate('/example/create')}>{t('example.create.title')}</Button>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('example.titleField')} onSearch={setTitle} style={{ width: 220 }} data-testid="article-filter" />
        <Select allowClear placeholder={t('example.importance')} style={{ width: 140 }} value={importance} onChange={setImportance} options={[1, 2, 3].map((v) => ({ value: v, label: '★'.repeat(v) }))} />
        <Select allowClear placeholder={t('example.type')} style={{ width: 120 }} value={type} onChange={setType} options={['CN', 'US', 'JP', 'EU'].map((v) => ({ value: v, label: v }))} />
      </Space>
      <Table<Article>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={{ defaultPageSize: 10, pageSizeOptions: [10, 20, 50, 100], showSizeChanger: true, showTotal: (total) => t('example.total', { total }) }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('example.date'), dataIndex: 'displayTime', width: 120 },
          { title: t('example.titleField'), dataIndex: 'title', render: (text: string, a) => <a onClick={() => navigate(`/example/edit/${a.id}`)}>{text}</a> },
          { title: t('example.author'), dataIndex: 'author', width: 140 },
          { title: t('example.importance'), dataIndex: 'importance', width: 110, render: (v: number) => <Rate disabled count={3} value={v} /> },
          { title: t('example.status'), dataIndex: 'status', width: 110, render: (v: Article['status']) => <Tag color={v === 'published' ? 'green' : 'default'}>{t(`example.${v}`)}</Tag> },
          { title: t('example.actions'), width: 100, render: (_, a) => <Button size="small" onClick={() => navigate(`/example/edit/${a.id}`)}>{t('example.edit.title')}</Button> },
        ]}
      />
    </DemoPage>
  );
}
