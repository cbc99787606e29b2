import Modal from 'antd/es/modal';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import { useEffect } from 'react';

export type ModalApi = Omit<ModalStaticFunctions, 'warn'>;

/**
 * antd's confirm dialogs, themed and translated like the rest of the app. Loaded only when the
 * request client first needs a dialog (NotifierBridge), so the sign-in page does not carry Modal.
 */
export default function ModalHost({ onReady }: { onReady(modal: ModalApi): void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => onReady(modal), [modal, onReady]);
  return holder;
}
