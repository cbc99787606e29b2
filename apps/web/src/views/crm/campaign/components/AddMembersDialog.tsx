import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import { addCampaignMembers } from '../../../../api/crmCampaign';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import LookupSelect from '../../engine/LookupSelect';

type Values = { leadIds?: number[]; contactIds?: number[]; status?: string };
type Props = { campaignId: number; open: boolean; onClose: () => void; onDone: () => void };

/** Adds leads and contacts picked by name (several at once, at least one person) to the campaign, with a member status when one is chosen. */
export default function AddMembersDialog({ campaignId, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) => addCampaignMembers(campaignId, { leadIds: values.leadIds ?? [], contactIds: values.contactIds ?? [] }, values.status),
    () => {
      onDone();
      onClose();
    },
  );
  const leadsLabel = t('crm.module.leads');
  const contactsLabel = t('crm.module.contact');
  // One of the two pickers must hold someone; the message shows under the leads' picker.
  const someone = ({ getFieldValue }: { getFieldValue: (name: keyof Values) => unknown }) => ({
    validator: async () => {
      const count = ((getFieldValue('leadIds') as number[] | undefined)?.length ?? 0) + ((getFieldValue('contactIds') as number[] | undefined)?.length ?? 0);
      if (!count) throw new Error(t('crm.campaign.pickPeople'));
    },
  });
  return (
    <FormDialog open={open} title={t('crm.campaign.addMembers')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" data-testid="add-members-form">
        <Form.Item name="leadIds" label={leadsLabel} dependencies={['contactIds']} rules={[someone]}>
          <LookupSelect target="leads" multiple aria-label={leadsLabel} />
        </Form.Item>
        <Form.Item name="contactIds" label={contactsLabel}>
          <LookupSelect target="contact" multiple aria-label={contactsLabel} />
        </Form.Item>
        <Form.Item name="status" label={t('crm.leads.memberStatus')}>
          <Select allowClear options={dictSelectOptions(dict[CAMPAIGN_MEMBER_STATUS_DICT])} placeholder={t('crm.campaign.defaultStatus')} />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
