import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import { isCampaignMemberModule } from '@orbit/shared/contract/campaign';
import { addRecordsToCampaign } from '../../../../api/crmCampaign';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import LookupSelect from '../../engine/LookupSelect';
import type { MassActionDialogProps } from '../../engine/list/massAction';

type Values = { campaignId?: number | null; memberStatus?: string };

/**
 * The list's mass action "add to campaign" of every module whose records can be members (leads,
 * contacts): makes the selected records members of a campaign, with a member status when one is chosen.
 */
export default function AddToCampaignDialog({ module, ids, open, onClose, onDone }: MassActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const add = (values: Values) => {
    if (!isCampaignMemberModule(module)) throw new Error(`Records of ${module} cannot be campaign members`);
    return addRecordsToCampaign(module, ids, values.campaignId!, values.memberStatus);
  };
  const { saving, submit } = useFormSubmit(form, add, () => {
    onDone();
    onClose();
  });
  return (
    <FormDialog open={open} title={t(`crm.campaign.addToCampaignTitle.${module}`, { count: ids.length })} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" data-testid="add-to-campaign-form">
        <CampaignFields status={dictSelectOptions(dict[CAMPAIGN_MEMBER_STATUS_DICT])} />
      </DialogForm>
    </FormDialog>
  );
}

/** The campaign to join and the member status: the fields of every "add to campaign" dialog. */
export function CampaignFields({ status }: { status: ReturnType<typeof dictSelectOptions> }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="campaignId"
        label={t('crm.record.campaign')}
        required
        rules={[{ required: true, message: t('server.validation.required', { field: t('crm.record.campaign') }) }]}
      >
        <LookupSelect target="campaign" aria-label={t('crm.record.campaign')} />
      </Form.Item>
      <Form.Item name="memberStatus" label={t('crm.leads.memberStatus')}>
        <Select allowClear options={status} placeholder={t('crm.campaign.defaultStatus')} aria-label={t('crm.leads.memberStatus')} />
      </Form.Item>
    </>
  );
}
