import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'okText' | 'cancelText' | 'destroyOnHidden'> & {
  saving?: boolean;
  onSubmit: () => void;
  onClose: () => void;
};

/**
 * The frame of every administration dialog: translated OK / Cancel, a spinner on OK while saving,
 * and the content discarded on close so the next opening starts from fresh values.
 */
export default function FormDialog({ saving, onSubmit, onClose, ...modal }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      {...modal}
      onOk={onSubmit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    />
  );
}
