import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props<F> = { form: FormInstance<F>; onSearch: (values: F) => void; onReset: () => void; children: ReactNode };

/** The filter row above an administration table: fields, then Search and Reset. */
export default function SearchForm<F>({ form, onSearch, onReset, children }: Props<F>) {
  const { t } = useTranslation();
  const handleReset = () => {
    form.resetFields();
    onReset();
  };
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('admin.search')}
        </Button>
        <Button style={{ marginLeft: 8 }} icon={<ReloadOutlined />} onClick={handleReset}>
          {t('admin.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
