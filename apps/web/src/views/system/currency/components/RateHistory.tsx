import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExchangeRate } from '@orbit/shared/contract/exchangeRate';
import { formatTime } from '../../../../components/admin/formatTime';

type Props = { currency: string; organisation: string; rates: ExchangeRate[]; current?: ExchangeRate; canRemove: boolean; onRemove: (rate: ExchangeRate) => void };

/** A currency's rates, newest first: the history totals of older records are still converted by. */
export default function RateHistory({ currency, organisation, rates, current, canRemove, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Table<ExchangeRate>
      size="small"
      rowKey="rateId"
      dataSource={rates}
      pagination={false}
      data-testid={`rate-history-${currency}`}
      locale={{ emptyText: t('currency.noRates') }}
      columns={[
        { title: t('currency.validFrom'), dataIndex: 'validFrom', render: (day: string, rate) => (rate.rateId === current?.rateId ? t('currency.validFromNow', { day }) : day) },
        { title: t('currency.rateColumn', { organisation }), dataIndex: 'rate', render: (rate: string) => <span data-testid="rate-value">{t('currency.rateText', { rate, currency, organisation })}</span> },
        { title: t('admin.remark'), dataIndex: 'remark' },
        { title: t('currency.enteredBy'), dataIndex: 'createBy', render: (by: string, rate) => `${by} · ${formatTime(rate.createTime)}` },
        ...(canRemove
          ? [
              {
                title: t('admin.actions'),
                key: 'actions',
                render: (_: unknown, rate: ExchangeRate) => (
                  <Button type="link" size="small" danger onClick={() => onRemove(rate)} data-testid={`remove-rate-${rate.rateId}`}>
                    {t('admin.delete')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
