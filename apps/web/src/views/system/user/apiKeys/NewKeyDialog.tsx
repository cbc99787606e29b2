import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The key just created, shown this once, with a copy button. */
export default function NewKeyDialog({ apiKey, onClose }: { apiKey: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey ?? '');
      void message.success(t('apiKeys.copied'));
    } catch {
      void message.error(t('apiKeys.copyFailed'));
    }
  };
  return (
    <Modal
      open={apiKey !== null}
      title={t('apiKeys.shownOnceTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('apiKeys.done')}
        </Button>
      }
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="api-key-shown-once"
    >
      <Alert type="warning" showIcon title={t('apiKeys.shownOnce')} style={{ marginBottom: 12 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={apiKey ?? ''} aria-label={t('apiKeys.key')} data-testid="api-key-value" onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('apiKeys.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
