import { NodeExpandOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The toolbar button of a tree table: collapses everything while anything is open, otherwise opens it all. */
export default function ExpandAllButton({ anyExpanded, onClick }: { anyExpanded: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button icon={<NodeExpandOutlined />} onClick={onClick}>
      {anyExpanded ? t('admin.collapseAll') : t('admin.expandAll')}
    </Button>
  );
}
