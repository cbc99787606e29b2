import { Button } from 'antd';
import { useNavigate } from 'react-router';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** PDF: opens the print-ready page, which the browser saves as a PDF. */
export default function PdfDemo() {
  const { t } = useDemoT();
  const navigate = useNavigate();
  return (
    <DemoPage id="pdf">
      <Button type="primary" onClick={() => navigate('/pdf/download')} data-testid="pdf-open">{t('pdf.open')}</Button>
    </DemoPage>
  );
}
