import { Button, Descriptions, Radio, Space } from 'antd';
import type { Language } from '@orbit/shared/constants';
import { changeLanguage } from '../../../i18n/i18n';
import { formatCurrency } from '../../../utils/formatCurrency';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';

const SAMPLE_DATE = new Date(Date.UTC(2026, 10, 26, 9, 30));

/** I18n: switch English / Chinese and see texts, dates, numbers and amounts (in the organisation's currency, written the language's way: issue 33) follow. */
export default function I18nDemo() {
  const { t, i18n } = useDemoT();
  const language = (i18n.language === 'zh' ? 'zh' : 'en') as Language;
  const locale = language === 'zh' ? 'zh-CN' : 'en-US';
  return (
    <DemoPage id="i18n">
      <Radio.Group value={language} onChange={(e) => void changeLanguage(e.target.value as Language)} optionType="button" buttonStyle="solid"
        options={[{ value: 'en', label: 'English' }, { value: 'zh', label: '中文' }]} style={{ marginBottom: 16 }} />
      <Descriptions bordered column={1} size="small" data-testid="i18n-samples">
        <Descriptions.Item label={t('i18n.text')}>{t('i18n.greeting')}</Descriptions.Item>
        <Descriptions.Item label={t('i18n.date')}>{SAMPLE_DATE.toLocaleString(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' })}</Descriptions.Item>
        <Descriptions.Item label={t('i18n.number')}>{(1234567.891).toLocaleString(locale)}</Descriptions.Item>
        <Descriptions.Item label={t('i18n.currency')}>{formatCurrency(1234567.891, language)}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary">{t('i18n.button')}</Button>
      </Space>
    </DemoPage>
  );
}
