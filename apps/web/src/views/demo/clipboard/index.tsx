import { Button, Input, Space, Tabs, message } from 'antd';
import { useState } from 'react';
import DemoPage from '../components/DemoPage';
import { copyText } from '../components/copyText';
import { useDemoT } from '../components/demoI18n';

/** Clipboard: copy a text, with a success or a failure message. */
export default function ClipboardDemo() {
  const { t } = useDemoT();
  const [text, setText] = useState('https://github.com/PanJiaChen/vue-element-admin');
  async function handleCopy() {
    if (await copyText(text)) message.success(t('clipboard.success'));
    else message.error(t('clipboard.failed'));
  }
  return (
    <DemoPage id="clipboard">
      <Tabs items={[{ key: 'use', label: t('clipboard.tab'), children: (
        <Space.Compact style={{ maxWidth: 560, width: '100%' }}>
          <Input value={text} onChange={(e) => setText(e.target.value)} data-testid="clipboard-text" />
          <Button type="primary" onClick={handleCopy} data-testid="clipboard-copy">{t('clipboard.copy')}</Button>
        </Space.Compact>
      ) }]} />
    </DemoPage>
  );
}
