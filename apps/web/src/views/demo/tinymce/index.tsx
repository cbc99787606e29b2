import { Typography } from 'antd';
import { useState } from 'react';
import NoticeEditor from '../../system/notice/components/NoticeEditor';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Rich text: the product's own editor (the browser's contentEditable, no editor library) and the HTML it makes. */
export default function TinymceDemo() {
  const { t } = useDemoT();
  const [html, setHtml] = useState('<p><b>Orbit CRM</b> — rich text demo.</p><ul><li>bold</li><li>lists</li></ul>');
  return (
    <DemoPage id="tinymce">
      <NoticeEditor value={html} onChange={setHtml} label={t('tinymce.title')} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>HTML</Typography.Title>
      <pre className="demo-code" data-testid="tinymce-html">{html}</pre>
    </DemoPage>
  );
}
