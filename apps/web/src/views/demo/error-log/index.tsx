import { Alert, Button, Space } from 'antd';
import { addErrorLog } from '../../../store/errorLog';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

/**
 * Error log: buttons that raise errors. Each is recorded in the error-log dialog (the bug button
 * in the top bar, production builds): the first as a caught error is, the second thrown from a
 * timer and the third rejected, both caught by the global handlers.
 */
export default function ErrorLogDemo() {
  const { t } = useDemoT();
  function handleRecorded() {
    try {
      (undefined as unknown as { crash(): void }).crash();
    } catch (error) {
      addErrorLog(error, 'error-log demo: button');
    }
  }
  return (
    <DemoPage id="errorLog">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('errorLog.where')} />
      <Space wrap>
        <Button danger onClick={handleRecorded} data-testid="raise-error">{t('errorLog.raise')}</Button>
        <Button danger onClick={() => setTimeout(() => { throw new Error('error-log demo: uncaught error'); })}>{t('errorLog.throw')}</Button>
        <Button danger onClick={() => void Promise.reject(new Error('error-log demo: unhandled rejection'))}>{t('errorLog.reject')}</Button>
      </Space>
    </DemoPage>
  );
}
