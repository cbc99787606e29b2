import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "converted to USD" beside totals that add amounts of several currencies (issue 33): the reader
 * knows the figure is not a plain sum, and in which currency it is.
 */
export default function ConvertedNote({ currency, testId = 'converted-note' }: { currency: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid={testId} title={t('currency.convertedHint')}>
      {t('currency.converted', { currency })}
    </Typography.Text>
  );
}
