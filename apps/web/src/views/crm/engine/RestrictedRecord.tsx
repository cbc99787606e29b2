import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A record the viewer may not see named (outside their data scope), wherever another record points
 * at it — a lookup, a related record, a parent in the hierarchy, a report's group: the same muted
 * "Restricted record", with no link (there is nothing the viewer could open).
 */
export default function RestrictedRecord() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" italic data-testid="restricted-record">
      {t('crm.restrictedRecord')}
    </Typography.Text>
  );
}
