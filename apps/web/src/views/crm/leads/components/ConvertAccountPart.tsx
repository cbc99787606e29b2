import { Alert, Form, Radio, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DuplicateMatch, ModuleMeta } from '@orbit/shared/contract/crm';
import LoadError from '../../../../components/admin/LoadError';
import LookupSelect from '../../engine/LookupSelect';
import ConvertCandidate from './ConvertCandidate';
import ConvertField from './ConvertField';
import type { AccountPick } from './convertLead';

type Props = {
  meta: ModuleMeta;
  candidates: { data?: DuplicateMatch[]; isLoading: boolean; isError: boolean; refetch: () => void };
  /** May create accounts / may pick existing ones. */
  canCreate: boolean;
  canPick: boolean;
};

/**
 * The account the lead becomes. The accounts that already look like the lead's company (same
 * name, or a website at its e-mail domain) come first, before anything is created; then a new
 * account, or any other account the user may see.
 */
export default function ConvertAccountPart({ meta, candidates, canCreate, canPick }: Props) {
  const { t } = useTranslation();
  const pick = Form.useWatch<AccountPick | undefined>(['account', 'pick']);
  const found = canPick ? (candidates.data ?? []) : [];
  const accountLabel = t('crm.record.account');

  return (
    <section data-testid="convert-account">
      <Typography.Title level={5} className="crm-section-title" style={{ marginTop: 16 }}>
        {accountLabel}
      </Typography.Title>
      {canPick && candidates.isError ? (
        <LoadError onRetry={candidates.refetch} />
      ) : canPick && candidates.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          {canPick && (
            <Alert
              type={found.length ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 12 }}
              title={found.length ? t('crm.convert.candidates', { count: found.length }) : t('crm.convert.noCandidates')}
              data-testid="convert-candidates"
            />
          )}
          <Form.Item name={['account', 'pick']} style={{ marginBottom: 8 }}>
            <Radio.Group style={{ width: '100%' }}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                {found.map((c) => (
                  <Radio key={c.id} value={c.id}>
                    <ConvertCandidate match={c} testId="convert-candidate" />
                  </Radio>
                ))}
                {canCreate && <Radio value="new">{t('crm.convert.newAccount')}</Radio>}
                {canPick && <Radio value="other">{t('crm.convert.otherAccount')}</Radio>}
              </Space>
            </Radio.Group>
          </Form.Item>
          {pick === 'new' && <ConvertField meta={meta} part="account" name="name" />}
          {pick === 'other' && (
            <Form.Item
              name={['account', 'accountId']}
              label={accountLabel}
              required
              rules={[{ required: true, message: t('server.validation.required', { field: accountLabel }) }]}
            >
              <LookupSelect target="account" />
            </Form.Item>
          )}
        </>
      )}
    </section>
  );
}
