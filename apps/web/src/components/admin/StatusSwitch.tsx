import { App, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request';

type Props = {
  /** '0' normal (on), '1' disabled (off). */
  status: string;
  /** The name shown in the confirmation ("enable user alice?"). */
  name: string;
  disabled?: boolean;
  onChange: (status: '0' | '1') => Promise<unknown>;
};

/** Enable/disable switch of a table row: asks first, stays busy while the server answers. */
export default function StatusSwitch({ status, name, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const enabled = status === '0';

  const handleClick = (next: boolean) => {
    modal.confirm({
      title: t('admin.confirmTitle'),
      content: t(next ? 'admin.confirmEnable' : 'admin.confirmDisable', { name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          await onChange(next ? '0' : '1');
          void message.success(t(next ? 'admin.enabled' : 'admin.disabled'));
        } catch (error) {
          if (error instanceof RequestError && error.message && ![0, 403, 500].includes(error.code)) void message.error(error.message);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return <Switch checked={enabled} loading={busy} disabled={disabled} onChange={handleClick} aria-label={name} />;
}
