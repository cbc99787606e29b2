import { Alert, Form, Radio, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import LoadError from '../../../../components/admin/LoadError';
import ConvertCandidate from './ConvertCandidate';
import type { ContactCandidates } from './useContactCandidates';

type Props = {
  candidates: ContactCandidates;
  /** May create contacts / may pick existing ones. */
  canCreate: boolean;
  canPick: boolean;
};

/**
 * The contact the lead becomes. A new account gets a new contact made from the lead; an existing
 * account's contacts with the lead's e-mail or name are shown first, the first one chosen — the
 * lead is linked to it rather than made into another contact — unless the user picks a new one.
 */
export default function ConvertContactPart({ candidates, canCreate, canPick }: Props) {
  const { t } = useTranslation();
  const existing = canPick && candidates.accountId !== null;
  const found = existing ? (candidates.data ?? []) : [];

  return (
    <section data-testid="convert-contact">
      <Typography.Title level={5} className="crm-section-title" style={{ marginTop: 16 }}>
        {t('crm.record.contact')}
      </Typography.Title>
      {!existing ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('crm.convert.contactFromLead')} data-testid="convert-contact-candidates" />
      ) : candidates.isError ? (
        <LoadError onRetry={candidates.refetch} />
      ) : !candidates.data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <>
          <Alert
            type={found.length ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            title={found.length ? t('crm.convert.contactCandidates', { count: found.length }) : t('crm.convert.noContactCandidates')}
            data-testid="convert-contact-candidates"
          />
          <Form.Item name={['contact', 'pick']} style={{ marginBottom: 8 }}>
            <Radio.Group style={{ width: '100%' }}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                {found.map((c) => (
                  <Radio key={c.id} value={c.id}>
                    <ConvertCandidate match={c} testId="convert-contact-candidate" />
                  </Radio>
                ))}
                {canCreate && <Radio value="new">{t('crm.convert.newContact')}</Radio>}
              </Space>
            </Radio.Group>
          </Form.Item>
        </>
      )}
    </section>
  );
}
