import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { Divider, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConvertLeadResult } from '@orbit/shared/contract/crm';
import { convertLead, getConvertCandidates } from '../../../../api/crm';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import type { RecordContext } from '../../engine/detail/RecordDetail';
import { isStaleVersion, useStaleVersion } from '../../engine/form/useStaleVersion';
import LookupSelect from '../../engine/LookupSelect';
import { fieldByName, recordName } from '../../engine/moduleMeta';
import { useModuleMeta } from '../../engine/useModuleMeta';
import ConvertAccountPart from './ConvertAccountPart';
import ConvertContactPart from './ConvertContactPart';
import { convertLeadPayload, initialConvertValues, type ConvertValues } from './convertLead';
import ConvertRecordPart from './ConvertRecordPart';
import { useConvertPermissions } from './convertPermissions';
import { useContactCandidates } from './useContactCandidates';

/** What a conversion made (the lead itself records its account and opportunity, not its task). */
export type Conversion = ConvertLeadResult & { leadId: number; taskSubject: string | null };

type Props = { context: RecordContext; onClose: () => void; onConverted: (conversion: Conversion) => void };

/**
 * Converts a lead (docs/records-engine.md): into a new account or one that exists — the
 * duplicate candidates are looked up and shown before anything is created — and a contact of
 * that account (new, or one it has with the lead's e-mail or name, shown and chosen), optionally an
 * opportunity and a follow-up task, all owned by the lead's owner unless another is chosen. One
 * request, based on the lead's version; the server's field errors land on the fields, a lead
 * changed meanwhile offers to reload.
 */
export default function ConvertLeadDialog({ context, onClose, onConverted }: Props) {
  const { t } = useTranslation();
  const { record: lead, lookups, reload } = context;
  const can = useConvertPermissions();
  const showStale = useStaleVersion();
  const [form] = Form.useForm<ConvertValues>();
  const accountMeta = useModuleMeta('account');
  const opportunityMeta = useModuleMeta('opportunity', can.opportunity);
  const taskMeta = useModuleMeta('task', can.task);
  const candidates = useQuery({
    queryKey: ['crm-convert-candidates', lead.id],
    queryFn: async () => (await getConvertCandidates(lead.id)).data,
    enabled: can.pickAccount,
    staleTime: 0,
  });
  const contactCandidates = useContactCandidates(form, lead.id, can.pickContact);

  const save = async (values: ConvertValues) => {
    try {
      const body = convertLeadPayload(lead, values);
      const { data } = await convertLead(body);
      onConverted({ ...data, leadId: lead.id, taskSubject: body.task?.subject ?? null });
    } catch (error) {
      if (!isStaleVersion(error)) throw error;
      showStale(error, () => {
        onClose();
        reload();
      });
      // Told already: useFormSubmit shows nothing for an error that is not a refused request.
      throw new Error(error.message, { cause: error });
    }
  };
  const { saving, submit } = useFormSubmit(form, save, onClose, 'crm.convert.done');

  const metas = [accountMeta, ...(can.opportunity ? [opportunityMeta] : []), ...(can.task ? [taskMeta] : [])];
  const failed = metas.find((m) => m.isError);
  const ready = accountMeta.data && (!can.opportunity || opportunityMeta.data) && (!can.task || taskMeta.data);
  const stage = opportunityMeta.data ? fieldByName(opportunityMeta.data, 'stage')?.defaultValue : null;
  const name = recordName(context.meta, lead);

  return (
    <FormDialog
      open
      width={720}
      title={t('crm.convert.title', { name })}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
      okText={t('crm.convert.action')}
      // The candidates are shown before anything can be created.
      okButtonProps={{ disabled: !ready || (can.pickAccount && !candidates.data) || (can.pickContact && contactCandidates.accountId !== null && !contactCandidates.data) }}
    >
      {failed ? (
        <LoadError onRetry={() => void failed.refetch()} />
      ) : !ready ? (
        <Skeleton active />
      ) : (
        <DialogForm
          form={form}
          layout="vertical"
          data-testid="convert-form"
          initialValues={initialConvertValues(lead, name, {
            newAccount: can.newAccount,
            opportunity: can.opportunity,
            stage: typeof stage === 'string' ? stage : null,
            taskSubject: t('crm.convert.taskSubject', { name }),
            opportunityName: (company) => t('crm.convert.opportunityName', { company }),
            today: dayjs().format('YYYY-MM-DD'),
          })}
        >
          <ConvertAccountPart
            meta={accountMeta.data}
            candidates={{ data: candidates.data, isLoading: candidates.isLoading, isError: candidates.isError, refetch: () => void candidates.refetch() }}
            canCreate={can.newAccount}
            canPick={can.pickAccount}
          />
          <ConvertContactPart candidates={contactCandidates} canCreate={can.newContact} canPick={can.pickContact} />
          {(can.opportunity || can.task) && <Divider style={{ margin: '8px 0 16px' }} />}
          {opportunityMeta.data && can.opportunity && (
            <ConvertRecordPart part="opportunity" meta={opportunityMeta.data} label={t('crm.convert.withOpportunity')} fields={['name', 'closeDate', 'stage', 'amount']} />
          )}
          {taskMeta.data && can.task && <ConvertRecordPart part="task" meta={taskMeta.data} label={t('crm.convert.withTask')} fields={['subject', 'dueDate']} />}
          <Divider style={{ margin: '8px 0 16px' }} />
          <Form.Item name="ownerId" label={t('crm.convert.owner')} required rules={[{ required: true, message: t('server.validation.required', { field: t('crm.convert.owner') }) }]}>
            <LookupSelect target="user" labels={lookups.user} />
          </Form.Item>
        </DialogForm>
      )}
    </FormDialog>
  );
}
