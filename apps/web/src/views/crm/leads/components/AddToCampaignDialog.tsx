import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import { addLeadsToCampaign } from '../../../../api/crm';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
import LookupSelect from '../../engine/LookupSelect';
import type { MassActionDialogProps } from '../../engine/list/massAction';

type Values = { campaignId?: number | null; memberStatus?: string };

/** Makes the selected leads members of a campaign (with a member status, when one is chosen). */
export default function AddToCampaignDialog({ ids, open, onClose, onDone }: MassActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const { saving, submit } = useFormSubmit(form, (values: Values) => addLeadsToCampaign(ids, values.campaignId!, values.memberStatus), () => {
    onDone();
    onClose();
  });
  return (
    <FormDialog open={open} title={t('crm.leads.addToCampaignTitle', { count: ids.length })} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" data-testid="add-to-campaign-form">
        <Form.Item
          name="campaignId"
          label={t('crm.module.campaign')}
          required
          rules={[{ required: true, message: t('server.validation.required', { field: t('crm.module.campaign') }) }]}
        >
          <LookupSelect target="campaign" />
        </Form.Item>
        <Form.Item name="memberStatus" label={t('crm.leads.memberStatus')}>
          <Select allowClear options={dictSelectOptions(dict[CAMPAIGN_MEMBER_STATUS_DICT])} />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
