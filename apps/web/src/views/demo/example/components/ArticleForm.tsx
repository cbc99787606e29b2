import { Button, DatePicker, Form, Input, Radio, Rate, Select, Space, message } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useDemoT } from '../../components/demoI18n';
import { saveArticle, type Article } from './articles';

type Values = Omit<Article, 'id' | 'displayTime' | 'pageviews'> & { displayTime: dayjs.Dayjs };

/** The article editor of the create and edit pages. */
export default function ArticleForm({ article }: { article?: Article }) {
  const { t } = useDemoT();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  function handleFinish(values: Values) {
    saveArticle({ ...values, id: article?.id, pageviews: article?.pageviews ?? 0, displayTime: values.displayTime.format('YYYY-MM-DD') });
    message.success(t('example.saved'));
    navigate('/example/list');
  }
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      onFinish={handleFinish}
      initialValues={article ? { ...article, displayTime: dayjs(article.displayTime) } : { status: 'draft', importance: 1, type: 'CN', author: 'Alex Admin', displayTime: dayjs(), content: '' }}
    >
      <Form.Item name="title" label={t('example.titleField')} rules={[{ required: true, message: t('example.titleRequired') }, { max: 100 }]}>
        <Input />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="author" label={t('example.author')}><Input /></Form.Item>
        <Form.Item name="displayTime" label={t('example.date')} rules={[{ required: true }]}><DatePicker /></Form.Item>
        <Form.Item name="importance" label={t('example.importance')}><Rate count={3} /></Form.Item>
        <Form.Item name="type" label={t('example.type')}><Select style={{ width: 120 }} options={['CN', 'US', 'JP', 'EU'].map((v) => ({ value: v, label: v }))} /></Form.Item>
      </Space>
      <Form.Item name="status" label={t('example.status')}>
        <Radio.Group options={[{ value: 'draft', label: t('example.draft') }, { value: 'published', label: t('example.published') }]} />
      </Form.Item>
      <Form.Item name="content" label={t('example.content')}><Input.TextArea autoSize={{ minRows: 6 }} /></Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">{t('example.save')}</Button>
        <Button onClick={() => navigate('/example/list')}>{t('example.cancel')}</Button>
      </Space>
    </Form>
  );
}
