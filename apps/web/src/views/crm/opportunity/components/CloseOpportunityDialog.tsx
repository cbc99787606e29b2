import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CLOSED_LOST } from '@orbit/shared/crm/opportunityStages';
import { useModuleMeta } from '../../engine/useModuleMeta';
import { FULL_SCREEN_ON_PHONE } from '../../../../components/fullScreenOnPhone';

/** The change being closed: one opportunity by name, or `count` of them at once (a mass change). */
export type Closing = { stage: string; name: string; count?: number };
export type ClosingValues = { closeDate: string; lossReason?: string };

type Props = { closing: Closing | null; onDone: (values: ClosingValues | null) => void };

/** Asked on any move to a closed stage (form, inline edit, board): the close date (today by default) and, for lost, the reason. */
export default function CloseOpportunityDialog({ closing, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ closeDate: Dayjs; lossReason?: string }>();
  const meta = useModuleMeta('opportunity').data;
  const label = (name: string) => meta?.fields.find((f) => f.name === name)?.label ?? name;
  const lost = closing?.stage === CLOSED_LOST;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    onDone({ closeDate: values.closeDate.format('YYYY-MM-DD'), ...(lost ? { lossReason: values.lossReason?.trim() } : {}) });
  };

  return (
    <Modal
      open={!!closing}
      title={t(lost ? 'crm.opportunity.closeLostTitle' : 'crm.opportunity.closeWonTitle')}
      onOk={() => void submit()}
      onCancel={() => onDone(null)}
      destroyOnHidden
      data-testid="close-opportunity-dialog"
      rootClassName={FULL_SCREEN_ON_PHONE}
    >
      <Typography.Paragraph type="secondary">{closing?.count ? t('crm.opportunity.closeHintMany', { count: closing.count }) : t('crm.opportunity.closeHint', { name: closing?.name ?? '' })}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ closeDate: dayjs() }}>
        <Form.Item name="closeDate" label={label('closeDate')} rules={[{ required: true, message: t('server.validation.required', { field: label('closeDate') }) }]}>
          <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="close-date" />
        </Form.Item>
        {lost && (
          <Form.Item
            name="lossReason"
            label={label('lossReason')}
            rules={[{ required: true, whitespace: true, message: t('server.opportunity.lossReasonRequired') }]}
          >
            <Input maxLength={255} autoFocus data-testid="loss-reason" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
