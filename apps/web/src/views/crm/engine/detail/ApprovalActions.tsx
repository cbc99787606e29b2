import { AuditOutlined, CheckOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_COMMENT_MAX, type RecordApproval } from '@orbit/shared/crm/approvals';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { decideApproval, getRecordApproval, submitForApproval } from '../../../../api/approvals';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { parseTime } from '../../../../utils/formatTime';

/** Query key of a record's approval state; My approvals' lists start with 'crm-approval' too. */
export const approvalKey = (module: CrmModule, id: number) => ['crm-approval', module, id];

export const useRecordApproval = (module: CrmModule, id: number) =>
  useQuery({ queryKey: approvalKey(module, id), queryFn: async () => (await getRecordApproval(module, id)).data });

type Mode = 'submit' | 'approve' | 'reject' | 'recall';
type Values = { processId?: number; comment?: string };

/**
 * A record's approval actions in its header (docs/records-engine.md, "Approval processes"):
 * "Submit for approval" when a process's entry conditions are met and the caller may edit it;
 * "Approve" / "Reject" for an approver of the current step; "Recall" for the submitter. Each
 * asks for a comment (a reason when rejecting) and then reloads the record (its lock) and timeline.
 */
export function ApprovalActions({ module, id, canSubmit, onChanged }: { module: CrmModule; id: number; canSubmit: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const approval = useRecordApproval(module, id);
  const [mode, setMode] = useState<Mode | null>(null);
  const data = approval.data;
  if (!data) return null;
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['crm-approval'] });
    onChanged();
  };
  return (
    <>
      {canSubmit && !data.pending && data.processes.length > 0 && (
        <Button icon={<AuditOutlined />} onClick={() => setMode('submit')} data-testid="approval-submit">
          {t('approval.action.submit')}
        </Button>
      )}
      {data.canDecide && (
        <>
          <Button type="primary" icon={<CheckOutlined />} onClick={() => setMode('approve')} data-testid="approval-approve">
            {t('approval.action.approve')}
          </Button>
          <Button danger icon={<CloseOutlined />} onClick={() => setMode('reject')} data-testid="approval-reject">
            {t('approval.action.reject')}
          </Button>
        </>
      )}
      {data.canRecall && (
        <Button icon={<RollbackOutlined />} onClick={() => setMode('recall')} data-testid="approval-recall">
          {t('approval.action.recall')}
        </Button>
      )}
      {mode && <ApprovalDialog module={module} id={id} mode={mode} approval={data} onClose={() => setMode(null)} onDone={done} />}
    </>
  );
}

const SUCCESS: Record<Mode, string> = {
  submit: 'approval.action.submitted',
  approve: 'approval.action.approved',
  reject: 'approval.action.rejected',
  recall: 'approval.action.recalled',
};

/** The dialog of one action: the process to submit to, or the comment (required to reject). */
export function ApprovalDialog({ module, id, mode, approval, onClose, onDone }: { module: CrmModule; id: number; mode: Mode; approval: RecordApproval; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(
    form,
    (values: Values) =>
      mode === 'submit' ? submitForApproval(module, id, values.processId) : decideApproval(approval.pending!.id, mode, (values.comment ?? '').trim()),
    () => {
      onDone();
      onClose();
    },
    SUCCESS[mode],
  );
  const label = mode === 'reject' ? t('approval.action.reason') : t('approval.action.comment');
  return (
    <FormDialog open title={t(`approval.action.${mode}`)} saving={saving} onSubmit={() => void submit()} onClose={onClose}>
      <DialogForm form={form} layout="vertical" initialValues={{ processId: approval.processes[0]?.id }} data-testid="approval-form">
        {mode === 'submit' ? (
          <Form.Item name="processId" label={t('approval.action.process')}>
            <Select options={approval.processes.map((p) => ({ value: p.id, label: p.name }))} data-testid="approval-process" />
          </Form.Item>
        ) : (
          <Form.Item
            name="comment"
            label={label}
            rules={mode === 'reject' ? [{ required: true, whitespace: true, message: t('server.approval.commentRequired') }] : []}
          >
            <Input.TextArea rows={3} maxLength={APPROVAL_COMMENT_MAX} data-testid="approval-comment" />
          </Form.Item>
        )}
      </DialogForm>
    </FormDialog>
  );
}

/** The banner of a record awaiting approval: the process, the step, who decides, who asked and when. */
export function ApprovalBanner({ module, id }: { module: CrmModule; id: number }) {
  const { t } = useTranslation();
  const approval = useRecordApproval(module, id);
  const pending = approval.data?.pending;
  if (!pending) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 16 }}
      title={t('approval.banner.pending', { process: pending.processName })}
      description={t('approval.banner.detail', {
        step: pending.step + 1,
        steps: pending.stepCount,
        approvers: pending.approverNames.join(', '),
        user: pending.submittedByName ?? '',
        time: parseTime(pending.submittedAt),
      })}
      data-testid="approval-banner"
    />
  );
}
