import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DICT } from '@orbit/shared/crm/money';
import type { ExchangeRate } from '@orbit/shared/contract/exchangeRate';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { listExchangeRates, removeExchangeRate } from '../../../api/system/exchangeRate';
import LoadError from '../../../components/admin/LoadError';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useDictValues } from '../../../components/dict/useDict';
import { organisationCurrency } from '../../../utils/formatCurrency';
import { useHasPermission } from '../../../utils/permission';
import { currencyName, currencyRates, type CurrencyRates } from './components/currencyRates';
import ExchangeRateDialog from './components/ExchangeRateDialog';
import RateHistory from './components/RateHistory';

const ratesKey = ['system', 'exchangeRates'];

/**
 * System › Exchange rates (issue 33): the active currencies (the enabled values of the currency
 * dictionary) with the rate a record dated today is converted at, each currency's dated history,
 * and a new rate. Rates are never edited: a rate from a new day keeps older records' conversions.
 */
export default function ExchangeRatePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const canAdd = useHasPermission(PERMISSIONS.exchangeRate.add);
  const canRemove = useHasPermission(PERMISSIONS.exchangeRate.remove);
  const organisation = organisationCurrency();
  const currencies = useDictValues(CURRENCY_DICT);
  const rates = useQuery({ queryKey: ratesKey, queryFn: async () => (await listExchangeRates()).data });
  const [opening, setOpening] = useState<{ currency?: string }>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ratesKey });
  const remove = (rate: ExchangeRate) =>
    confirm(t('currency.confirmRemove', { currency: rate.currency, day: rate.validFrom, rate: rate.rate }), async () => {
      await removeExchangeRate(rate.rateId);
      await refresh();
    });

  const rows = currencies && rates.data ? currencyRates(currencies, rates.data, organisation, dayjs().format('YYYY-MM-DD')) : undefined;
  const foreign = (rows ?? []).filter((r) => !r.organisation).map((r) => ({ value: r.currency, label: currencyName(r.currency, r.label) }));

  return (
    <Card size="small" data-testid="exchange-rate-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('currency.title')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('currency.help', { organisation })} style={{ marginBottom: 12 }} />
      {canAdd && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} disabled={!rows || foreign.length === 0} onClick={() => setOpening({})} data-testid="add-rate">
            {t('currency.add')}
          </Button>
        </Space>
      )}
      {rates.isError ? (
        <LoadError onRetry={() => void rates.refetch()} />
      ) : !rows ? (
        <div data-testid="exchange-rate-loading">
          <Skeleton active />
        </div>
      ) : (
        <Table<CurrencyRates>
          size="small"
          rowKey="currency"
          dataSource={rows}
          pagination={false}
          data-testid="currency-table"
          locale={{ emptyText: t('currency.empty') }}
          expandable={{
            rowExpandable: (row) => !row.organisation,
            expandedRowRender: (row) => (
              <RateHistory currency={row.currency} organisation={organisation} rates={row.rates} current={row.current} canRemove={canRemove} onRemove={remove} />
            ),
          }}
          onRow={(row) => ({ 'data-testid': `currency-row-${row.currency}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('currency.currency'),
              dataIndex: 'currency',
              render: (currency: string, row) => (
                <Space size={4}>
                  <span>{currencyName(currency, row.label)}</span>
                  {row.organisation && <Tag color="blue">{t('currency.organisation')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('currency.current', { organisation }),
              key: 'current',
              render: (_: unknown, row) =>
                row.organisation ? (
                  '1'
                ) : row.current ? (
                  <span data-testid={`current-rate-${row.currency}`}>
                    {t('currency.rateText', { rate: row.current.rate, currency: row.currency, organisation })}
                    <Typography.Text type="secondary"> · {t('currency.since', { day: row.current.validFrom })}</Typography.Text>
                  </span>
                ) : (
                  <Tag color="warning" data-testid={`current-rate-${row.currency}`}>
                    {t('currency.noRate')}
                  </Tag>
                ),
            },
            { title: t('currency.rateCount'), key: 'count', render: (_: unknown, row) => (row.organisation ? '' : row.rates.length) },
            ...(canAdd
              ? [
                  {
                    title: t('admin.actions'),
                    key: 'actions',
                    render: (_: unknown, row: CurrencyRates) =>
                      row.organisation ? null : (
                        <Button type="link" size="small" onClick={() => setOpening({ currency: row.currency })} data-testid={`add-rate-${row.currency}`}>
                          {t('currency.addFor', { currency: row.currency })}
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <ExchangeRateDialog opening={opening} currencies={foreign} organisation={organisation} onClose={() => setOpening(undefined)} onSaved={() => void refresh()} />
    </Card>
  );
}
