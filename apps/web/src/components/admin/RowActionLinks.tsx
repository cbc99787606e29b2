import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

// The link buttons of a table row's actions column, so every administration table words and
// draws Edit, Add (a child) and Delete alike; the page decides which a row gets.

export function EditLink({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick}>
      {t('admin.edit')}
    </Button>
  );
}

export function AddLink({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" icon={<PlusOutlined />} onClick={onClick}>
      {t('admin.add')}
    </Button>
  );
}

export function DeleteLink({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={onClick}>
      {t('admin.delete')}
    </Button>
  );
}
