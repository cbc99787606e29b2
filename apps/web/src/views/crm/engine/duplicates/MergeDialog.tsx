import { useQueries } from '@tanstack/react-query';
import { Alert, App, Modal, Radio, Skeleton, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, FieldMeta, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import { MERGE_MAX_RECORDS } from '@orbit/shared/contract/duplicates';
import { isEmptyValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getRecord, mergeRecords } from '../../../../api/crm';
import { RequestError } from '../../../../api/request';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { useCurrentModuleMeta } from '../ModuleMetaContext';
import { recordName } from '../moduleMeta';

type Props = { module: CrmModule; ids: number[]; open: boolean; onClose: () => void; onDone: () => void; onMerged?: (survivorId: number) => void };

/** Fields a merge may take from any of the records: what a user may write, and the owner. */
const mergeable = (meta: ModuleMeta) => meta.fields.filter((f) => !f.readOnly && (!f.system || f.name === 'ownerId'));

/** Per field, the record whose value the survivor keeps: its own, or the first record that has one. */
function defaultChoices(fields: FieldMeta[], records: CrmRecord[], survivorId: number): Record<string, number> {
  const survivor = records.find((r) => r.id === survivorId)!;
  return Object.fromEntries(
    fields.map((f) => [f.name, isEmptyValue(survivor[f.name] ?? null) ? (records.find((r) => !isEmptyValue(r[f.name] ?? null))?.id ?? survivorId) : survivorId]),
  );
}

/**
 * Merges 2–3 records of a module (`POST /crm/{module}/merge`): a column per record, the survivor
 * chosen at the top, and per field (those where the records differ) the value kept. Opened from a
 * list's selection and from the duplicate warning.
 */
export default function MergeDialog({ module, ids, open, onClose, onDone, onMerged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const meta = useCurrentModuleMeta();
  const count = ids.length;
  const valid = count >= 2 && count <= MERGE_MAX_RECORDS;
  const answers = useQueries({ queries: ids.map((id) => ({ queryKey: ['crm', module, 'merge', id], queryFn: () => getRecord(module, id), enabled: open && valid })) });
  const loaded = answers.every((a) => a.data);
  const records = useMemo(() => (loaded ? answers.map((a) => a.data!.data) : []), [loaded, answers]);
  const lookups = useMemo(() => {
    const all: LookupLabels = {};
    for (const a of answers) for (const [kind, names] of Object.entries(a.data?.lookups ?? {})) all[kind as keyof LookupLabels] = { ...all[kind as keyof LookupLabels], ...names };
    return all;
  }, [answers]);
  const [survivorId, setSurvivorId] = useState<number | null>(null);
  const [picked, setPicked] = useState<Record<string, number>>({});
  const [saving, setSaving] = useState(false);
  const survivor = survivorId ?? ids[0]!;
  const fields = useMemo(() => (meta ? mergeable(meta) : []), [meta]);
  const different = fields.filter((f) => new Set(records.map((r) => JSON.stringify(r[f.name] ?? null))).size > 1);
  const choices = { ...(records.length ? defaultChoices(different, records, survivor) : {}), ...picked };

  const close = () => {
    setSurvivorId(null);
    setPicked({});
    onClose();
  };
  const submit = async () => {
    if (!valid) return close();
    setSaving(true);
    try {
      const res = await mergeRecords(module, { survivorId: survivor, mergedIds: ids.filter((id) => id !== survivor), values: Object.fromEntries(different.map((f) => [f.name, choices[f.name]!])) });
      void message.success((res as { msg?: string }).msg ?? t('admin.saved'));
      onDone();
      setSurvivorId(null);
      setPicked({});
      if (onMerged) onMerged(survivor);
      else onClose();
    } catch (error) {
      if (error instanceof RequestError && !error.shown) void message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  const columns = [
    { title: t('crm.merge.field'), key: 'field', width: 160, render: (_: unknown, f: FieldMeta) => <Typography.Text strong>{f.label}</Typography.Text> },
    ...records.map((r) => ({
      key: String(r.id),
      title: (
        <Radio checked={survivor === r.id} onChange={() => setSurvivorId(r.id)} data-testid={`merge-survivor-${r.id}`}>
          {(meta && recordName(meta, r)) || `#${r.id}`} <Typography.Text type="secondary">({t('crm.merge.survivor')})</Typography.Text>
        </Radio>
      ),
      render: (_: unknown, f: FieldMeta) => (
        <Radio checked={choices[f.name] === r.id} onChange={() => setPicked((p) => ({ ...p, [f.name]: r.id }))} data-testid={`merge-value-${f.name}-${r.id}`}>
          {isEmptyValue(r[f.name] ?? null) ? <Typography.Text type="secondary">{t('crm.detail.blank')}</Typography.Text> : <FieldDisplay field={f} value={r[f.name]} lookups={lookups} />}
        </Radio>
      ),
    })),
  ];

  return (
    <Modal
      open={open}
      title={t('crm.merge.title', { count })}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('crm.merge.submit')}
      okButtonProps={{ disabled: !valid || !loaded, ...{ 'data-testid': 'merge-submit' } }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      width={Math.min(1100, 260 + 300 * Math.max(count, 2))}
    >
      <div data-testid="merge-dialog">
        {!valid ? (
          <Alert type="warning" showIcon title={t('crm.merge.pick')} />
        ) : !loaded ? (
          <Skeleton active />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('crm.merge.help')}</Typography.Paragraph>
            <Table<FieldMeta> size="small" rowKey="name" pagination={false} dataSource={different} columns={columns} />
          </>
        )}
      </div>
    </Modal>
  );
}
