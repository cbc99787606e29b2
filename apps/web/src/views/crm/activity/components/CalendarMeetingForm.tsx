import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../../components/useIsPhone';
import type { CalendarAddFormProps } from '../../engine/recordViews';
import ActivityForm from './ActivityForm';

/**
 * A meeting scheduled from a slot selected on the calendar: the composer's meeting form (subject,
 * start, end, all-day, location, reminder, the person or record it names, attendees) in a drawer,
 * its times those of the selection. It names no record beforehand: the user picks who it is with.
 */
export default function CalendarMeetingForm({ meta, values, onClose, onSaved }: CalendarAddFormProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Drawer open title={t('crm.activity.tab.meeting')} size={phone ? '100%' : 760} onClose={onClose} destroyOnHidden data-testid="calendar-meeting-form">
      <ActivityForm
        kind="meeting"
        meta={meta}
        values={values}
        onDone={() => {
          onSaved();
          onClose();
        }}
        onCancel={onClose}
      />
    </Drawer>
  );
}
