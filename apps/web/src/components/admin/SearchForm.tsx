import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance } from 'antd';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageCommand } from '../../layout/keys/pageCommands';

type Props<F> = {
  form: FormInstance<F>;
  onSearch: (values: F) => void;
  onReset: () => void;
  children: ReactNode;
  /** A list inside a dialog or drawer: the page's `/` is not for it. */
  nested?: boolean;
};

/** The filter row above an administration table: fields, then Search and Reset; `/` puts the cursor in its first field. */
export default function SearchForm<F>({ form, onSearch, onReset, children, nested = false }: Props<F>) {
  const { t } = useTranslation();
  // antd's Form gives no element ref: a hidden marker inside it finds the form's first field.
  const marker = useRef<HTMLSpanElement>(null);
  usePageCommand('search', nested ? null : () => marker.current?.closest('form')?.querySelector<HTMLElement>('input:not([type="hidden"])')?.focus());
  const handleReset = () => {
    form.resetFields();
    onReset();
  };
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: 12, marginBottom: 16 }}>
      <span ref={marker} hidden />
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
