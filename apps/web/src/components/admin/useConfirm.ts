import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request';

/**
 * Asks before a destructive action and runs it: the dialog stays busy while the call runs, a
 * refusal is shown as a message (unless the request client already showed it), success closes it.
 */
export function useConfirm() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  return (content: string, action: () => Promise<unknown>, successText = t('admin.deleted')) =>
    modal.confirm({
      title: t('admin.confirmTitle'),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await action();
          void message.success(successText);
        } catch (error) {
          if (error instanceof RequestError && error.message && ![0, 403, 500].includes(error.code)) void message.error(error.message);
        }
      },
    });
}
