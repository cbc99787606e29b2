import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DuplicateMatch } from '@orbit/shared/contract/crm';

/** An existing record the lead may become part of, as a choice reads: its name, what tells it apart and its owner. */
export default function ConvertCandidate({ match, testId }: { match: DuplicateMatch; testId: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId}>
      <Typography.Text strong>{match.label}</Typography.Text>
      <Typography.Text type="secondary">{[match.detail, match.ownerName && t('crm.convert.ownedBy', { name: match.ownerName })].filter(Boolean).map((s) => ` · ${s}`)}</Typography.Text>
    </span>
  );
}
