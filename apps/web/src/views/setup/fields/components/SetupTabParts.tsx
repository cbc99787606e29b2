import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The top of a Set-up tab that lists things one adds (record types, duplicate rules): what the tab is for, and "New …" for those who may add. */
export function SetupTabHeader({ help, newLabel, canAdd, onNew, testId }: { help: ReactNode; newLabel: string; canAdd: boolean; onNew: () => void; testId: string }) {
  return (
    <>
      <Alert type="info" showIcon title={help} style={{ marginBottom: 12 }} />
      {canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} style={{ marginBottom: 12 }} data-testid={testId}>
          {newLabel}
        </Button>
      )}
    </>
  );
}

/** A table row's Edit button, named after the row for screen readers ("Edit Partner"). */
export function EditRowButton({ name, onClick, testId }: { name: string; onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return <Button type="link" size="small" icon={<EditOutlined />} aria-label={`${t('setup.field.edit')} ${name}`} onClick={onClick} data-testid={testId} />;
}
