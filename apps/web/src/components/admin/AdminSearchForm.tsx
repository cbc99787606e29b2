import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusFilterItem } from '../dict/StatusItems';
import { dictSelectOptions, useDict } from '../dict/useDict';
import { rangeAsParams } from './dateRange';
import DateRangeFilterItem from './DateRangeFilterItem';
import SearchForm from './SearchForm';

/**
 * One filter of an administration list, as a description; `label` and `placeholder` are
 * translation keys (a text box's placeholder is its label unless said otherwise). A date range
 * (created between, unless named otherwise) reaches the list as RuoYi's `params[beginTime]` /
 * `params[endTime]`; a status is any, normal or disabled.
 */
export type AdminFilter =
  | { kind: 'text'; name: string; label: string; width: number; placeholder?: string }
  | { kind: 'select'; name: string; label: string; dict: string; width: number; placeholder?: string }
  | { kind: 'status' }
  | { kind: 'dateRange'; name?: string; label?: string };

type Props<F> = { filters: AdminFilter[]; onSearch: (filters: F) => void; onReset: () => void };

/** The search form of an administration list, built from its filters' descriptions. */
export default function AdminSearchForm<F>({ filters, onSearch, onReset }: Props<F>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const dict = useDict(...filters.flatMap((f) => (f.kind === 'select' ? [f.dict] : [])));
  const range = filters.find((f) => f.kind === 'dateRange');
  const rangeName = range?.name ?? 'createTime';

  const search = (values: Record<string, unknown>) => onSearch((range ? rangeAsParams(values, rangeName) : values) as F);

  return (
    <SearchForm form={form} onSearch={search} onReset={onReset}>
      {filters.map((filter) => {
        switch (filter.kind) {
          case 'text':
            return (
              <Form.Item key={filter.name} name={filter.name} label={t(filter.label)}>
                <Input allowClear placeholder={t(filter.placeholder ?? filter.label)} style={{ width: filter.width }} />
              </Form.Item>
            );
          case 'select':
            return (
              <Form.Item key={filter.name} name={filter.name} label={t(filter.label)}>
                <Select allowClear placeholder={filter.placeholder && t(filter.placeholder)} style={{ width: filter.width }} options={dictSelectOptions(dict[filter.dict])} />
              </Form.Item>
            );
          case 'status':
            return <StatusFilterItem key="status" />;
          case 'dateRange':
            return <DateRangeFilterItem key={rangeName} name={rangeName} label={filter.label && t(filter.label)} />;
        }
      })}
    </SearchForm>
  );
}
