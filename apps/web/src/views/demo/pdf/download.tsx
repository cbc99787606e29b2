import { Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { articlesStore } from '../example/components/articles';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** PDF download (hidden): a print-ready article; the print dialog opens once it has rendered. */
export default function PdfDownload() {
  const { t } = useDemoT();
  const article = articlesStore.use()[0]!;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return (
    <DemoPage id="pdf.download" extra={<Button className="demo-no-print" type="primary" disabled={!ready} onClick={() => window.print()} data-testid="pdf-print">{t('pdf.print')}</Button>}>
      <article>
        <Typography.Title level={2}>{article.title}</Typography.Title>
        <Typography.Text type="secondary">{article.author} · {article.displayTime}</Typography.Text>
        {Array.from({ length: 12 }, (_, i) => (
          <Typography.Paragraph key={i}>{t('pdf.paragraph', { n: i + 1 })}</Typography.Paragraph>
        ))}
      </article>
    </DemoPage>
  );
}
