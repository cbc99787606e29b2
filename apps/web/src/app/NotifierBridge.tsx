import message from 'antd/es/message';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setNotifier } from '../api/notifier';
import AntdConfig from './AntdConfig';
import type { ModalApi } from './ModalHost';

const ModalHost = lazy(() => import('./ModalHost'));

/**
 * Hands antd's message and confirm dialogs (themed, translated) to the request client. The dialogs
 * (Confirm logout, System Update) are rare, so antd's Modal is fetched the first time one is
 * needed rather than with every page (see docs/decisions.md, sign-in page budget).
 */
export default function NotifierBridge() {
  const [messageApi, messageHolder] = message.useMessage();
  const { t } = useTranslation();
  const [modalWanted, setModalWanted] = useState(false);
  const modalRef = useRef<{ promise: Promise<ModalApi>; resolve(modal: ModalApi): void } | null>(null);

  const getModal = useCallback((): Promise<ModalApi> => {
    if (!modalRef.current) {
      let resolve!: (modal: ModalApi) => void;
      const promise = new Promise<ModalApi>((r) => (resolve = r));
      modalRef.current = { promise, resolve };
    }
    setModalWanted(true);
    return modalRef.current.promise;
  }, []);
  const handleModalReady = useCallback((modal: ModalApi) => {
    if (!modalRef.current) getModal();
    modalRef.current!.resolve(modal);
  }, [getModal]);

  useEffect(() => {
    setNotifier({
      error: (text, duration) => void messageApi.error(text, duration),
      success: (text, duration) => void messageApi.success(text, duration),
      confirmLogout: async () => {
        const modal = await getModal();
        return new Promise((resolve) => {
          modal.confirm({
            title: t('request.logoutTitle'),
            content: t('request.logoutText'),
            okText: t('request.relogin'),
            cancelText: t('common.cancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        });
      },
      announceUpdate: async () => {
        const modal = await getModal();
        return new Promise((resolve) => {
          modal.warning({
            title: t('request.updateTitle'),
            content: t('request.updateText'),
            okText: t('common.ok'),
            closable: false,
            keyboard: false,
            mask: { closable: false },
            onOk: () => resolve(),
          });
        });
      },
    });
  }, [messageApi, getModal, t]);

  // Its own AntdConfig: the notifier sits beside the router, outside the routes' (app/App).
  return (
    <AntdConfig>
      {messageHolder}
      {modalWanted && (
        <Suspense fallback={null}>
          <ModalHost onReady={handleModalReady} />
        </Suspense>
      )}
    </AntdConfig>
  );
}
