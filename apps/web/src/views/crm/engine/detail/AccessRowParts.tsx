import { DeleteOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/admin/useConfirm';

/** The parts of a row of who may open a record (the Sharing and Team panels): its access, and its removal. */

/** Read only, or read and edit. */
export function AccessLevelTag({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  return <Tag color={canWrite ? 'success' : 'blue'}>{t(canWrite ? 'sharing.panel.level.readwrite' : 'sharing.panel.level.read')}</Tag>;
}

/** A row's remove button: asks `question` first, then removes it. */
export function RemoveAccessButton({ label, question, testId, onRemove }: { label: string; question: string; testId: string; onRemove: () => Promise<void> }) {
  const confirm = useConfirm();
  return <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={label} data-testid={testId} onClick={() => confirm(question, onRemove)} />;
}
