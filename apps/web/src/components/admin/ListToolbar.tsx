import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../utils/permission';

type Props<Row> = {
  /** Add opens the page's dialog for a new row; shown only with the permission. */
  add: { permission: string; onClick: () => void; testId?: string };
  /** The batch delete of the ticked rows (disabled while none is ticked); shown only with the permission. */
  remove?: { permission: string; selected: Row[]; onClick: (rows: Row[]) => void };
  wrap?: boolean;
  /** The page's own buttons after Add and Delete (export, refresh cache, expand all). */
  children?: ReactNode;
};

/** The button row between an administration page's search form and its table. */
export default function ListToolbar<Row>({ add, remove, wrap, children }: Props<Row>) {
  const { t } = useTranslation();
  const canAdd = useHasPermission(add.permission);
  // Hooks run on every render, so a page without batch delete still asks (for nothing; `remove` decides).
  const canRemove = useHasPermission(remove?.permission ?? []);
  return (
    <Space style={{ marginBottom: 12 }} wrap={wrap}>
      {canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => add.onClick()} data-testid={add.testId}>
          {t('admin.add')}
        </Button>
      )}
      {remove && canRemove && (
        <Button danger icon={<DeleteOutlined />} disabled={!remove.selected.length} onClick={() => remove.onClick(remove.selected)}>
          {t('admin.delete')}
        </Button>
      )}
      {children}
    </Space>
  );
}
