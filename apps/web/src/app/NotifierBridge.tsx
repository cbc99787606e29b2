import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setNotifier } from '../api/notifier';

/** Hands antd's message and modal (themed, translated) to the request client. */
export default function NotifierBridge() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    setNotifier({
      error: (text, duration) => void message.error(text, duration),
      success: (text, duration) => void message.success(text, duration),
      confirmLogout: () =>
        new Promise((resolve) => {
          modal.confirm({
            title: t('request.logoutTitle'),
            content: t('request.logoutText'),
            okText: t('request.relogin'),
            cancelText: t('common.cancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      announceUpdate: () =>
        new Promise((resolve) => {
          modal.warning({
            title: t('request.updateTitle'),
            content: t('request.updateText'),
            okText: t('common.ok'),
            closable: false,
            keyboard: false,
            maskClosable: false,
            onOk: () => resolve(),
          });
        }),
    });
  }, [message, modal, t]);
  return null;
}
