import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FULL_SCREEN_ON_PHONE } from '../fullScreenOnPhone';

type Props = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'okText' | 'cancelText' | 'destroyOnHidden'> & {
  /** The confirm button's words when "OK" says less than the action does ("Convert"). */
  okText?: string;
  saving?: boolean;
  onSubmit: () => void;
  onClose: () => void;
};

/**
 * The frame of every administration dialog: translated OK / Cancel, a spinner on OK while saving,
 * and the content discarded on close so the next opening starts from fresh values; on a phone it
 * fills the screen.
 */
export default function FormDialog({ okText, saving, onSubmit, onClose, rootClassName, ...modal }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      {...modal}
      rootClassName={rootClassName ? `${FULL_SCREEN_ON_PHONE} ${rootClassName}` : FULL_SCREEN_ON_PHONE}
      onOk={onSubmit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    />
  );
}
