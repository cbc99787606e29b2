import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import { addCampaignMembers } from '../../../../api/crmCampaign';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import LookupSelect from '../../engine/LookupSelect';

type Values = { leadIds?: number[]; status?: string };
type Props = { campaignId: number; open: boolean; onClose: () => void; onDone: () => void };

/** Adds leads picked by name (several at once) to the campaign, with a member status when one is chosen. */
export default function AddMembersDialog({ campaignId, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) => addCampaignMembers(campaignId, values.leadIds ?? [], values.status),
    () => {
      onDone();
      onClose();
    },
  );
  const leadsLabel = t('crm.module.leads');
  return (
    <FormDialog open={open} title={t('crm.campaign.addMembers')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" data-testid="add-members-form">
        <Form.Item name="leadIds" label={leadsLabel} required rules={[{ required: true, message: t('server.validation.required', { field: leadsLabel }) }]}>
          <LookupSelect target="leads" multiple aria-label={leadsLabel} />
        </Form.Item>
        <Form.Item name="status" label={t('crm.leads.memberStatus')}>
          <Select allowClear options={dictSelectOptions(dict[CAMPAIGN_MEMBER_STATUS_DICT])} placeholder={t('crm.campaign.defaultStatus')} />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
