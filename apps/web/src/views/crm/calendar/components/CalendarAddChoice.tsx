import { Button, Modal, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { slotText, type SelectedSlot } from '../calendarSlot';

/** One thing a selected slot can add: a calendar source the user may add to, and its label. */
export type AddChoice = { key: string; label: string };

type Props = { slot: SelectedSlot | null; choices: AddChoice[]; onChoose: (key: string) => void; onCancel: () => void };

/**
 * What to add in the selected slot — "New meeting", "New task" — when the user may add more than one
 * kind of entry. The first choice takes the focus once the dialog is open (not its close button):
 * Enter adds a meeting, Tab reaches the task.
 */
export default function CalendarAddChoice({ slot, choices, onChoose, onCancel }: Props) {
  const { t } = useTranslation();
  const first = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={slot !== null}
      title={t('crm.calendar.addTitle')}
      footer={null}
      onCancel={onCancel}
      width={420}
      destroyOnHidden
      afterOpenChange={(open) => open && first.current?.focus()}
    >
      {slot && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="calendar-add-choice">
          <Typography.Text>{t('crm.calendar.addWhen', { when: slotText(slot) })}</Typography.Text>
          <Space wrap>
            {choices.map((choice, index) => (
              <Button
                key={choice.key}
                ref={index === 0 ? first : undefined}
                type={index === 0 ? 'primary' : 'default'}
                onClick={() => onChoose(choice.key)}
                data-testid={`calendar-add-${choice.key}`}
              >
                {choice.label}
              </Button>
            ))}
          </Space>
        </Space>
      )}
    </Modal>
  );
}
