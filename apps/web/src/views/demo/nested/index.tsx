import { Alert, Input } from 'antd';
import type { ReactNode } from 'react';
import { useCurrentPage } from '../../../layout/PageContext';
import { menuTitle } from '../../../layout/routes/menuTitle';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/** Nested routes: every level of the menu above the page, each rendering the next one inside it. */
export default function NestedDemo() {
  const { t } = useDemoT();
  const page = useCurrentPage();
  if (!page) return null;
  const levels = [...page.parents.map((p) => menuTitle(p)), menuTitle(page)];
  const content: ReactNode = (
    <>
      <Alert type="success" showIcon title={t('nested.leaf', { title: menuTitle(page) })} />
      <Input style={{ marginTop: 8, maxWidth: 320 }} placeholder={t('nested.keepsState')} />
    </>
  );
  const nest = (index: number): ReactNode =>
    index === levels.length - 1 ? content : (
      <div className="demo-level" data-level={index}>
        <strong>{levels[index + 1]}</strong>
        {nest(index + 1)}
      </div>
    );
  return (
    <DemoPage id="nested">
      <div className="demo-level" data-level="root">
        <strong>{levels[0]}</strong>
        {nest(0)}
      </div>
    </DemoPage>
  );
}
