import { NotificationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { addAccountContactsToCampaign } from '../../../../api/crmCampaign';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import { relatedListsKey } from '../../engine/detail/RelatedList';
import { CampaignFields } from './AddToCampaignDialog';
import { CAMPAIGN_HISTORY_KEY } from './CampaignHistory';

type Values = { campaignId?: number | null; memberStatus?: string };

/**
 * An account's header action "Add contacts to campaign" (for users who may edit contacts, as the
 * contact list's mass action): every contact of the account the user may see joins the campaign.
 */
export default function AddAccountContactsToCampaign({ context }: { context: RecordContext }) {
  const { t } = useTranslation();
  const mayEditContacts = useHasPermission(PERMISSIONS.contact.edit);
  const [open, setOpen] = useState(false);
  if (!mayEditContacts) return null;
  return (
    <>
      <Button icon={<NotificationOutlined />} onClick={() => setOpen(true)} data-testid="account-contacts-to-campaign">
        {t('crm.campaign.addAccountContacts')}
      </Button>
      {open && <AccountContactsDialog context={context} onClose={() => setOpen(false)} />}
    </>
  );
}

function AccountContactsDialog({ context, onClose }: { context: RecordContext; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const accountId = context.record.id;
  const { saving, submit } = useFormSubmit(form, (values: Values) => addAccountContactsToCampaign(accountId, values.campaignId!, values.memberStatus), () => {
    // The account's campaign history and its contacts' show the new memberships.
    void queryClient.invalidateQueries({ queryKey: [`${relatedListsKey('account', accountId)}campaigns`] });
    void queryClient.invalidateQueries({ queryKey: [CAMPAIGN_HISTORY_KEY] });
    onClose();
  });
  return (
    <FormDialog
      open
      title={t('crm.campaign.addAccountContactsTitle', { name: String(context.record.name ?? '') })}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <DialogForm form={form} layout="vertical" data-testid="account-contacts-campaign-form">
        <Typography.Paragraph type="secondary">{t('crm.campaign.addAccountContactsHint')}</Typography.Paragraph>
        <CampaignFields status={dictSelectOptions(dict[CAMPAIGN_MEMBER_STATUS_DICT])} />
      </DialogForm>
    </FormDialog>
  );
}
