import { Space, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@orbit/shared/constants';
import { asCurrency, currencySign, formatCurrency } from '../../../../utils/formatCurrency';
import type { DisplayProps, FieldTypeView, FilterInputProps, InputProps } from './fieldTypeView';
import { lazyInput } from './lazyInput';

// The number box loads when a form or filter first draws one, not with every list that shows numbers.
const NumberBox = lazyInput<InputNumberProps<string | number>>(() => import('./numberBox'));

type NumberValue = number | string | null | undefined;
const asNumber = (value: unknown): NumberValue => (typeof value === 'number' || typeof value === 'string' ? value : null);

/**
 * Numbers, percentages and money. Every box hands on the text as typed (`stringMode`), so that the
 * shared check judges its digits as the server does (a float would round 1.0000000000000001 into
 * an accepted 1, 99999999999999999 into 100000000000000000). Money stays a decimal string end to
 * end: the amount stored is the amount shown, in its record's currency; only its format follows
 * the language (issue 33: never the currency, as SPEC §9's USD/JPY once had it).
 */
function numericView(options: { format: (value: number | string, language: Language, currency?: string) => string; suffix?: string; money?: boolean }): FieldTypeView {
  const { format, suffix, money = false } = options;

  function Display({ value, currency }: DisplayProps) {
    const { i18n } = useTranslation();
    if (typeof value !== 'number' && typeof value !== 'string') return null;
    return <>{format(value, i18n.language as Language, currency)}</>;
  }

  function NumberInput({ value, onChange, id, autoFocus, label, currency }: InputProps & { label?: string }) {
    const { i18n } = useTranslation();
    return (
      <NumberBox
        id={id}
        aria-label={label}
        value={asNumber(value)}
        onChange={(v) => onChange?.(v === '' ? null : (v ?? null))}
        stringMode
        // Money is typed in its record's currency, the one it is shown in.
        prefix={money ? currencySign(i18n.language as Language, asCurrency(currency)) : undefined}
        suffix={suffix}
        autoFocus={autoFocus}
        style={{ width: '100%' }}
      />
    );
  }

  function FilterInput({ field, shape, value, onChange }: FilterInputProps) {
    const { t } = useTranslation();
    if (shape === 'range') {
      const [from, to] = Array.isArray(value) ? (value as NumberValue[]) : [null, null];
      return (
        <Space.Compact style={{ width: 260 }}>
          <NumberInput field={field} label={t('crm.filter.from')} value={from ?? null} onChange={(v) => onChange([v, to ?? null])} />
          <NumberInput field={field} label={t('crm.filter.to')} value={to ?? null} onChange={(v) => onChange([from ?? null, v])} />
        </Space.Compact>
      );
    }
    return (
      <div style={{ width: 160 }}>
        <NumberInput field={field} label={t('crm.filter.value')} value={asNumber(value)} onChange={onChange} />
      </div>
    );
  }

  return {
    Display,
    Input: NumberInput,
    FilterInput,
    align: 'right',
    // "125000" and "125000.00" are the same amount.
    sameValue: (a, b) => (a === null || b === null ? a === b : Number(a) === Number(b)),
  };
}

const plain = (value: number | string, language: Language) => new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 6 }).format(Number(value));

export const numberView: FieldTypeView = { ...numericView({ format: plain }), columnWidth: 90 };
export const percentView: FieldTypeView = { ...numericView({ format: (v, language) => `${plain(v, language)}%`, suffix: '%' }), columnWidth: 80 };
export const currencyView: FieldTypeView = { ...numericView({ format: (v, language, currency) => formatCurrency(v, language, asCurrency(currency)), money: true }), columnWidth: 115 };
