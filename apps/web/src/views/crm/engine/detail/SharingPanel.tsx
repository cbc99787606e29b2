import { ShareAltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_RECIPIENTS, type RecordShare, type ShareRecipient } from '@orbit/shared/contract/sharing';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { addRecordShare, getRecordSharing, listShareRecipients, removeRecordShare } from '../../../../api/sharing';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import LoadingRows from '../../../../components/LoadingRows';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import LookupSelect from '../LookupSelect';
import { AccessLevelTag, RemoveAccessButton } from './AccessRowParts';

/** Query key of a record's Sharing panel. */
export const sharingKey = (module: CrmModule, id: number) => ['crm-sharing', module, id];

/**
 * The Sharing panel of a record's detail page (docs/architecture.md, "Sharing"): the caller's own
 * access and why (owner, role data scope, module default, manual share, team, sharing rule), the
 * owner, the module's default and every share (a sharing rule's named after it); those who may edit the record and hold the share permission
 * (the server answers `canShare`) add and revoke shares.
 */
export default function SharingPanel({ module, id }: { module: CrmModule; id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sharing = useQuery({ queryKey: sharingKey(module, id), queryFn: async () => (await getRecordSharing(module, id)).data });
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharingKey(module, id) });
  const data = sharing.data;

  return (
    <Card
      size="small"
      title={t('sharing.panel.title')}
      className="crm-detail-section"
      data-testid="record-sharing"
      extra={
        data?.mine.canShare && (
          <Button size="small" icon={<ShareAltOutlined />} onClick={() => setAdding(true)} data-testid="sharing-add">
            {t('sharing.panel.add')}
          </Button>
        )
      }
    >
      {sharing.isError ? (
        <LoadError onRetry={() => void sharing.refetch()} />
      ) : !data ? (
        <div data-testid="sharing-loading"><LoadingRows /></div>
      ) : (
        <>
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <div data-testid="sharing-mine">
              <Typography.Text strong>{t('sharing.panel.yourAccess')}: </Typography.Text>
              <Tag color={data.mine.canEdit ? 'success' : 'blue'}>{data.mine.canEdit ? t('sharing.panel.canEdit') : t('sharing.panel.readOnly')}</Tag>
              <Typography.Text type="secondary">
                {t('sharing.panel.because')} {data.mine.reasons.map((r) => t(`sharing.reason.${r}`)).join(', ')}
              </Typography.Text>
            </div>
            <Typography.Text data-testid="sharing-owner">{t('sharing.panel.owner', { name: data.ownerName || '—' })}</Typography.Text>
            <Typography.Text data-testid="sharing-default">{t('sharing.panel.moduleDefault', { access: t(`sharing.access.${data.moduleAccess}`) })}</Typography.Text>
          </Space>
          <List<RecordShare>
            size="small"
            style={{ marginTop: 8 }}
            dataSource={data.shares}
            // The theme's colours, not antd's preset green and empty-list grey: both fail WCAG contrast (accessibility e2e).
            locale={{ emptyText: <Typography.Text type="secondary">{t('sharing.panel.empty')}</Typography.Text> }}
            data-testid="sharing-list"
            renderItem={(share) => (
              <List.Item
                data-testid={`sharing-row-${share.id}`}
                actions={
                  // A rule's share is the rule's: changed in Set-up › Sharing, never revoked here.
                  data.mine.canShare && share.ruleId === null
                    ? [
                        <RemoveAccessButton
                          key="remove"
                          label={t('sharing.panel.remove', { name: share.recipientName })}
                          question={t('sharing.panel.confirmRemove', { name: share.recipientName })}
                          testId={`sharing-remove-${share.id}`}
                          onRemove={async () => {
                            await removeRecordShare(module, id, share.id);
                            await refresh();
                          }}
                        />,
                      ]
                    : []
                }
              >
                <Space size={4} wrap>
                  <Typography.Text>{share.recipientName}</Typography.Text>
                  <Tag>{t(`sharing.recipient.${share.recipientKind}`)}</Tag>
                  <AccessLevelTag canWrite={share.canWrite} />
                  {share.ruleId !== null ? (
                    <Tag color="purple" data-testid={`sharing-rule-${share.id}`}>{t('sharing.panel.byRule', { name: share.ruleName })}</Tag>
                  ) : (
                    <Typography.Text type="secondary">{t('sharing.panel.sharedBy', { name: share.sharedByName })}</Typography.Text>
                  )}
                </Space>
              </List.Item>
            )}
          />
        </>
      )}
      <ShareDialog module={module} id={id} open={adding} onClose={() => setAdding(false)} onDone={refresh} />
    </Card>
  );
}

type Values = { recipientKind: ShareRecipient; recipientId?: number | null; canWrite: boolean };

function ShareDialog({ module, id, open, onClose, onDone }: { module: CrmModule; id: number; open: boolean; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('recipientKind', form) ?? 'user';
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) => addRecordShare(module, id, { recipientKind: values.recipientKind, recipientId: values.recipientId!, canWrite: !!values.canWrite }),
    () => {
      void onDone();
      onClose();
    },
  );
  const required = [{ required: true, message: t('server.validation.required', { field: t('sharing.panel.recipient') }) }];
  return (
    <FormDialog open={open} title={t('sharing.panel.add')} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" initialValues={{ recipientKind: 'user', canWrite: false }} data-testid="sharing-form">
        <Form.Item name="recipientKind" label={t('sharing.panel.recipientKind')}>
          <Select
            options={SHARE_RECIPIENTS.map((k) => ({ value: k, label: t(`sharing.recipient.${k}`) }))}
            onChange={() => form.setFieldValue('recipientId', null)}
            data-testid="sharing-kind"
          />
        </Form.Item>
        <Form.Item name="recipientId" label={t('sharing.panel.recipient')} required rules={required}>
          {kind === 'user' ? <LookupSelect target="user" /> : <RecipientSelect kind={kind} />}
        </Form.Item>
        <Form.Item name="canWrite" valuePropName="checked">
          <Checkbox data-testid="sharing-can-write">{t('sharing.panel.canWrite')}</Checkbox>
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}

/** A role or a department, from the short lists the server gives. */
function RecipientSelect({ kind, value, onChange }: { kind: 'role' | 'dept'; value?: number | null; onChange?: (value: number) => void }) {
  const options = useQuery({ queryKey: ['crm-sharing-recipients', kind], queryFn: async () => (await listShareRecipients(kind)).data });
  return (
    <Select
      showSearch
      optionFilterProp="label"
      loading={options.isLoading}
      value={value ?? undefined}
      onChange={onChange}
      options={(options.data ?? []).map((o) => ({ value: o.id, label: o.label }))}
      data-testid={`sharing-recipient-${kind}`}
    />
  );
}
