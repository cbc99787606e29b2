import { Alert, Button, Input, List, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_REASON_MAX, type DuplicateFound } from '@orbit/shared/contract/duplicates';

type Props = {
  found: DuplicateFound | null;
  /** Whether "Merge" is offered (the caller may edit and delete the module's records, and a match is visible). */
  canMerge: boolean;
  onSaveAnyway: (reason: string) => Promise<void>;
  onMerge: (matchId: number, reason: string) => Promise<void>;
  onClose: () => void;
};

/**
 * A save refused by a duplicate rule: the rule, the matching records the user may see (and how
 * many more exist beyond their scope), and — for a warning — "Save anyway" with a reason (kept in
 * the record's history) or "Merge" with one of the matches; a blocking rule offers only "Merge".
 */
export default function DuplicateDialog({ found, canMerge, onSaveAnyway, onMerge, onClose }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [matchId, setMatchId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const warn = found?.action === 'warn';
  const chosen = matchId ?? found?.matches[0]?.id ?? null;
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setReason('');
    setMatchId(null);
    onClose();
  };

  return (
    <Modal
      open={!!found}
      title={warn ? t('crm.duplicate.title') : t('crm.duplicate.blockedTitle')}
      onCancel={close}
      destroyOnHidden
      width={620}
      footer={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          {canMerge && chosen !== null && (
            <Button loading={busy} onClick={run(() => onMerge(chosen, reason.trim() || t('crm.duplicate.mergeReason')))} data-testid="duplicate-merge">
              {t('crm.duplicate.merge')}
            </Button>
          )}
          {warn && (
            <Button type="primary" loading={busy} disabled={!reason.trim()} onClick={run(() => onSaveAnyway(reason.trim()))} data-testid="duplicate-save-anyway">
              {t('crm.duplicate.saveAnyway')}
            </Button>
          )}
        </Space>
      }
    >
      {found && (
        <div data-testid="duplicate-dialog">
          <Alert type={warn ? 'warning' : 'error'} showIcon title={t('crm.duplicate.rule', { rule: found.ruleName })} style={{ marginBottom: 12 }} />
          <Radio.Group value={chosen} onChange={(e) => setMatchId(e.target.value as number)} style={{ width: '100%' }}>
            <List
              size="small"
              bordered
              dataSource={found.matches}
              renderItem={(m) => (
                <List.Item data-testid="duplicate-match">
                  <Space direction="vertical" size={0}>
                    {canMerge ? <Radio value={m.id}>{m.label || `#${m.id}`}</Radio> : <Typography.Text strong>{m.label || `#${m.id}`}</Typography.Text>}
                    <Typography.Text type="secondary">
                      {[m.detail, t('crm.duplicate.owner', { name: m.ownerName })].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          </Radio.Group>
          {found.hiddenCount > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('crm.duplicate.hidden', { count: found.hiddenCount })}
            </Typography.Paragraph>
          )}
          {warn && (
            <div style={{ marginTop: 12 }}>
              <Typography.Text>{t('crm.duplicate.reason')}</Typography.Text>
              <Input.TextArea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={DUPLICATE_REASON_MAX}
                rows={2}
                placeholder={t('crm.duplicate.reasonPlaceholder')}
                aria-label={t('crm.duplicate.reason')}
                data-testid="duplicate-reason"
              />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
