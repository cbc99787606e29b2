import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteRecords, listRecords } from '../../../api/crm';
import { RequestError } from '../../../api/request';
import type { RemoveDialogProps } from '../engine/list/removeDialog';
import { useModulePermissions } from '../engine/useModulePermissions';

type Choice = 'keep' | 'delete';

/**
 * Deleting accounts asks what to do with their opportunities: keep them (and so the accounts), or
 * delete them too, to the recycle bin with the accounts. The count is of the opportunities the
 * user may open; the server checks every one (rights and scope) and refuses the lot with its
 * message when the user may not delete them all.
 */
export default function DeleteAccountDialog({ ids, open, onClose, onDone }: RemoveDialogProps) {
  const { t } = useTranslation();
  const opportunities = useModulePermissions('opportunity');
  const [choice, setChoice] = useState<Choice>('keep');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setChoice('keep');
      setError(null);
    }
  }, [open]);

  const count = useQuery({
    queryKey: ['crm-account-opportunity-count', ids],
    queryFn: async () =>
      (await listRecords('opportunity', { pageNum: 1, pageSize: 1, filter: { field: 'accountId', op: 'in', value: ids }, fields: ['name'] })).total,
    enabled: open && opportunities.list,
    staleTime: 0,
  });
  const many = count.data ?? 0;
  const counting = opportunities.list && count.isLoading;

  const ok = async () => {
    if (many > 0 && choice === 'keep') return onClose();
    setBusy(true);
    setError(null);
    try {
      await deleteRecords('account', ids, many > 0 ? { dependents: 'delete' } : {});
      onClose();
      await onDone();
    } catch (e) {
      if (e instanceof RequestError && !e.shown) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={ids.length > 1 ? t('crm.account.deleteTitleMany', { count: ids.length }) : t('crm.account.deleteTitle')}
      okText={many > 0 && choice === 'keep' ? t('common.ok') : t('crm.detail.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: !(many > 0 && choice === 'keep'), loading: busy, disabled: counting, 'data-testid': 'delete-account-ok' }}
      onOk={() => void ok()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="delete-account-dialog">
        {counting ? (
          <Space>
            <Spin size="small" /> {t('crm.account.counting')}
          </Space>
        ) : many === 0 ? (
          <Typography.Paragraph>{t('crm.mass.confirmDelete', { count: ids.length })}</Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph strong data-testid="delete-account-count">
              {t(ids.length > 1 ? 'crm.account.hasOpportunitiesMany' : 'crm.account.hasOpportunities', { count: many })}
            </Typography.Paragraph>
            <Typography.Paragraph>{t('crm.account.chooseWhat')}</Typography.Paragraph>
            <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as Choice)} data-testid="delete-account-choice">
              <Space orientation="vertical">
                <Radio value="keep" data-testid="delete-account-keep">
                  {t('crm.account.keepOpportunities')}
                </Radio>
                <Radio value="delete" disabled={!opportunities.remove} data-testid="delete-account-cascade">
                  {t('crm.account.deleteOpportunities')}
                </Radio>
              </Space>
            </Radio.Group>
            {!opportunities.remove && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('crm.account.noOpportunityRight')}
              </Typography.Paragraph>
            )}
          </>
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="delete-account-error" />}
      </div>
    </Modal>
  );
}
