import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../store/session';
import { parseTime } from '../../../../utils/formatTime';
import { setPageTitle } from '../../../../utils/pageTitle';
import '../crm.css';
import './print.css';

type Props = { title: string; children: ReactNode };

/** The sheet of a print view: the content, who printed it and when, and a Print button that paper never shows. */
export default function PrintFrame({ title, children }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const [printedAt] = useState(() => Date.now());
  useEffect(() => setPageTitle(title), [title]);
  return (
    <main className="print-page" data-testid="print-page">
      <div className="print-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-button">
          {t('crm.print.print')}
        </Button>
      </div>
      {children}
      <footer className="print-footer">{t('crm.print.printedBy', { user: session?.user.nickName ?? '', time: parseTime(printedAt) })}</footer>
    </main>
  );
}
