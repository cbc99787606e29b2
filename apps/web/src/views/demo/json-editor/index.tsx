import { Alert, Button, Input, Space } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

const SAMPLE = { name: 'Orbit CRM', modules: ['leads', 'opportunity', 'account'], version: '1.0.4', demo: true };

/** JSON editor: edit JSON text, see at once whether it parses, format or compact it. */
export default function JsonEditorDemo() {
  const { t } = useDemoT();
  const [text, setText] = useState(JSON.stringify(SAMPLE, null, 2));
  let error = '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    error = (e as Error).message;
  }
  return (
    <DemoPage id="jsonEditor">
      <Space style={{ marginBottom: 12 }}>
        <Button disabled={!!error} onClick={() => setText(JSON.stringify(parsed, null, 2))}>{t('jsonEditor.format')}</Button>
        <Button disabled={!!error} onClick={() => setText(JSON.stringify(parsed))}>{t('jsonEditor.compact')}</Button>
      </Space>
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 12 }} style={{ fontFamily: 'monospace' }} status={error ? 'error' : undefined} />
      <Alert style={{ marginTop: 12 }} type={error ? 'error' : 'success'} showIcon title={error ? t('jsonEditor.invalid', { error }) : t('jsonEditor.valid')} />
    </DemoPage>
  );
}
