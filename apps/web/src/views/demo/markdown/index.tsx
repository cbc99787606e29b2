import { Col, Input, Row } from 'antd';
import { useMemo, useState } from 'react';
import DemoPage from '../components/DemoPage';
import { markdownToHtml } from '../components/markdown';

const SAMPLE = '# Orbit CRM\n\n**Markdown** editor with a *live* preview.\n\n- leads\n- opportunities\n\n```\nnpm start\n```\n\n[vue-element-admin](https://github.com/PanJiaChen/vue-element-admin)';

/** Markdown: an editor beside its preview (a small escaped renderer, no library). */
export default function MarkdownDemo() {
  const [source, setSource] = useState(SAMPLE);
  const html = useMemo(() => markdownToHtml(source), [source]);
  return (
    <DemoPage id="markdown">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Input.TextArea value={source} onChange={(e) => setSource(e.target.value)} autoSize={{ minRows: 14 }} style={{ fontFamily: 'monospace' }} />
        </Col>
        <Col xs={24} md={12}>
          {/* Safe: markdownToHtml escapes every text before adding its own tags. */}
          <div className="demo-markdown" data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: html }} />
        </Col>
      </Row>
    </DemoPage>
  );
}
