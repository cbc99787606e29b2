import { Alert } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { createExchangeRateBody, type CreateExchangeRateBody } from '@orbit/shared/contract/exchangeRate';
import { addExchangeRate } from '../../../../api/system/exchangeRate';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import { remarkField, type AdminField } from '../../../../components/admin/adminFields';
import DayInput from './DayInput';

const field = createExchangeRateBody.shape;

type Props = {
  /** Open with the currency chosen (a row's "add a rate"), or with none; closed when undefined. */
  opening: { currency?: string } | undefined;
  /** The active currencies other than the organisation's: the ones a rate can be entered for. */
  currencies: Array<{ value: string; label: string }>;
  organisation: string;
  onClose: () => void;
  onSaved: () => void;
};

/** One more dated rate of a currency (rates are never edited: a new one from a later day keeps the history). */
export default function ExchangeRateDialog({ opening, currencies, organisation, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const fields: AdminField<CreateExchangeRateBody>[] = [
    { name: 'currency', label: 'currency.currency', kind: 'select', options: currencies, required: true, testId: 'rate-currency', span: 12, rules: [{ required: true, message: t('server.validation.required', { field: t('server.field.currency') }) }] },
    { name: 'validFrom', label: 'currency.validFrom', kind: 'custom', render: () => <DayInput testId="rate-valid-from" />, required: true, schema: field.validFrom, span: 12, hint: 'currency.validFromHint' },
    { name: 'rate', label: 'currency.rateField', kind: 'text', maxLength: 20, placeholder: '1.083250', required: true, schema: field.rate },
    remarkField(field.remark, 255),
  ];
  return (
    <AdminFormDialog
      open={!!opening}
      name="exchangeRate"
      testId="exchange-rate-form"
      description={{
        title: 'currency.addTitle',
        fields,
        initialValues: { currency: opening?.currency, validFrom: dayjs().format('YYYY-MM-DD') },
        save: (values) => addExchangeRate(values),
      }}
      intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('currency.rateHelp', { organisation })} />}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
