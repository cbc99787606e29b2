import { Button, Col, Form, Row, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import type { TimelineAttendee } from '@orbit/shared/contract/timeline';
import { ACTIVITY_NAME_MODULES, type ActivityKind } from '@orbit/shared/crm/activities';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { createRecord, updateRecord, type RecordValues } from '../../../../api/crm';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { FieldInput } from '../../engine/fieldTypes/FieldInput';
import LookupSelect from '../../engine/LookupSelect';
import { ModuleMetaContext } from '../../engine/ModuleMetaContext';
import { fieldByName } from '../../engine/moduleMeta';
import MentionEditor from './MentionEditor';

/** The fields each kind's form shows, in order (notes last, in the mention editor). */
const FIELDS: Record<ActivityKind, string[]> = {
  call: ['subject', 'direction', 'durationMinutes', 'outcome', 'name', 'relatedTo'],
  note: ['subject', 'name', 'relatedTo'],
  meeting: ['subject', 'startAt', 'endAt', 'allDay', 'location', 'reminderMinutes', 'name', 'relatedTo'],
};

type Props = {
  kind: ActivityKind;
  meta: ModuleMeta;
  /** The record whose timeline the form is on: a new activity names it. Absent (the calendar): the user names one. */
  about?: { module: CrmModule; id: number; name: string };
  /** A new activity's values filled in beforehand (a meeting's start, end and all-day flag from the calendar's selection). */
  values?: Record<string, FieldValue>;
  /** The activity to edit (with its attendees and the names they point at); absent: a new one. */
  editing?: { record: CrmRecord; attendees: TimelineAttendee[]; lookups: LookupLabels };
  onDone: () => void;
  onCancel?: () => void;
};

/**
 * Logs a call, adds a note or schedules a meeting (or edits one): the activity module's fields
 * drawn by the engine's inputs, the note in the mention editor, a meeting's attendees as users and
 * contacts; the server's field errors land on the fields (`POST`/`PUT /crm/activity`).
 */
export default function ActivityForm({ kind, meta, about, values, editing, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const mentions = useRef(new Set<number>());
  const pointer = about && ACTIVITY_NAME_MODULES.includes(about.module) ? 'name' : 'relatedTo';
  const lookups: LookupLabels = about ? { ...editing?.lookups, [about.module]: { ...editing?.lookups[about.module], [about.id]: about.name } } : { ...editing?.lookups };
  const initial = editing
    ? {
        ...editing.record,
        attendeeUsers: editing.attendees.flatMap((a) => ('userId' in a ? [a.userId] : [])),
        attendeeContacts: editing.attendees.flatMap((a) => ('module' in a && a.module === 'contact' ? [a.id] : [])),
      }
    : {
        kind,
        subject: t(`crm.activity.defaultSubject.${kind}`),
        ...(about ? { [pointer]: { module: about.module, id: about.id } } : {}),
        ...(kind === 'call' ? { direction: 'outbound' } : {}),
        allDay: false,
        ...values,
      };

  const save = async (values: Record<string, unknown>) => {
    const { attendeeUsers, attendeeContacts, ...fields } = values as Record<string, unknown> & { attendeeUsers?: number[]; attendeeContacts?: number[] };
    const body: Record<string, unknown> = { ...fields, kind };
    if (kind === 'meeting') body.attendees = { users: attendeeUsers ?? [], people: (attendeeContacts ?? []).map((id) => ({ module: 'contact', id })) };
    if (mentions.current.size) body.mentions = [...mentions.current];
    if (editing) await updateRecord('activity', { id: editing.record.id, version: editing.record.version, ...(body as RecordValues) });
    else await createRecord('activity', body as RecordValues);
    mentions.current.clear();
    form.resetFields();
  };
  const { saving, submit } = useFormSubmit(form, save, onDone);

  return (
    <ModuleMetaContext.Provider value={meta}>
      <Form form={form} layout="vertical" size="small" initialValues={initial} data-testid={`activity-form-${kind}`}>
        <Row gutter={8}>
          {FIELDS[kind].map((name) => {
            const field = fieldByName(meta, name);
            if (!field) return null;
            return (
              <Col key={name} xs={24} md={name === 'subject' || name === 'name' || name === 'relatedTo' ? 24 : 12}>
                <Form.Item name={name} label={field.label} required={name === 'subject'}>
                  <FieldInput field={field} lookups={lookups} />
                </Form.Item>
              </Col>
            );
          })}
          {kind === 'meeting' && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="attendeeUsers" label={t('crm.activity.attendeeUsers')}>
                  <LookupSelect target="user" multiple labels={lookups.user ?? {}} aria-label={t('crm.activity.attendeeUsers')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="attendeeContacts" label={t('crm.activity.attendeeContacts')}>
                  <LookupSelect target="contact" multiple labels={lookups.contact ?? {}} aria-label={t('crm.activity.attendeeContacts')} />
                </Form.Item>
              </Col>
              {/* Server errors on the attendees as a whole. */}
              <Form.Item name="attendees" hidden>
                <input />
              </Form.Item>
            </>
          )}
          <Col span={24}>
            <Form.Item name="notes" label={fieldByName(meta, 'notes')?.label}>
              <MentionEditor label={fieldByName(meta, 'notes')?.label ?? ''} onMention={(user) => mentions.current.add(user.id)} />
            </Form.Item>
            <Form.Item name="mentions" hidden>
              <input />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="activity-save">
            {t(editing ? 'crm.form.save' : `crm.activity.save.${kind}`)}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        </Space>
      </Form>
    </ModuleMetaContext.Provider>
  );
}
