import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE } from '@orbit/shared/constants';
import { RequestError } from '../../../../api/request';
import { duplicateFoundIn } from '../duplicates/duplicateFound';

/** An update refused because the record moved on since it was opened (409, 'Someone else changed…'; not a duplicate rule's 409). */
export function isStaleVersion(error: unknown): error is RequestError {
  return error instanceof RequestError && error.code === CODE.conflict && !duplicateFoundIn(error);
}

/** Shows the server's stale-version message and offers to reload the record. */
export function useStaleVersion() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return (error: RequestError, reload: () => void) =>
    modal.confirm({
      title: t('crm.stale.title'),
      content: error.message,
      okText: t('crm.stale.reload'),
      cancelText: t('common.cancel'),
      onOk: reload,
    });
}
