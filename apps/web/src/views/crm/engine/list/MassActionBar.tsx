import { DeleteOutlined, EditOutlined, MergeCellsOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { deleteRecords } from '../../../../api/crm';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useSession } from '../../../../store/session';
import { hasPermission } from '../../../../utils/permission';
import { modulePermission, useModulePermissions } from '../useModulePermissions';
import { lazyWhenOpen } from '../../../../components/lazyWhenOpen';
import { massEditableFields } from './massEditable';
import type { MassAction } from './massAction';
import type { RemoveDialog } from './removeDialog';

// The dialogs load when first opened (their form and inputs are not the list's; issue 15).
const ChangeOwnerDialog = lazyWhenOpen(() => import('./ChangeOwnerDialog'), (p) => p.open);
const ChangeFieldDialog = lazyWhenOpen(() => import('./ChangeFieldDialog'), (p) => p.open);
const MergeDialog = lazyWhenOpen(() => import('../duplicates/MergeDialog'), (p) => p.open);

type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  ids: number[];
  /** The module's own mass actions. */
  extra?: MassAction[];
  /** Called after records changed or went: the list reloads and the selection clears. */
  onDone: () => void;
  /** The module's own delete confirmation, instead of the plain one. */
  removeDialog?: RemoveDialog;
};

/**
 * Actions on the selected records: change owner, change a field, the module's own, delete. Each
 * shows only to holders of its permission; with nothing selected it says so (SPEC §5).
 */
export default function MassActionBar({ module, meta, ids, extra = [], onDone, removeDialog: Remove }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const session = useSession();
  const can = useModulePermissions(module);
  const [open, setOpen] = useState<string | null>(null);

  const edit = modulePermission(module, 'edit');
  const actions: Array<MassAction & { icon?: ReactNode }> = [
    { key: 'owner', label: t('crm.mass.changeOwner'), permission: edit, Dialog: ChangeOwnerDialog, icon: <UserSwitchOutlined /> },
    ...(massEditableFields(meta).length ? [{ key: 'field', label: t('crm.mass.changeField'), permission: edit, Dialog: ChangeFieldDialog, icon: <EditOutlined /> }] : []),
    ...extra,
    // Merged records go to the recycle bin: merging needs remove as well as edit.
    ...(can.remove ? [{ key: 'merge', label: t('crm.merge.action'), permission: edit, Dialog: MergeDialog, icon: <MergeCellsOutlined /> }] : []),
  ].filter((action) => hasPermission(session, action.permission));
  if (!actions.length && !can.remove) return null;

  /** Runs an action on the selection, or says that one must select records first. */
  const withSelection = (run: () => void) => () => {
    if (!ids.length) void message.warning(t('server.validation.selectRecord'));
    else run();
  };
  const remove = () =>
    Remove
      ? setOpen('remove')
      : confirm(t('crm.mass.confirmDelete', { count: ids.length }), async () => {
      await deleteRecords(module, ids);
      onDone();
    });

  return (
    <Space wrap className="crm-mass-actions" data-testid="mass-actions">
      <Typography.Text type="secondary">{t('crm.mass.selected', { count: ids.length })}</Typography.Text>
      {actions.map((action) => (
        <Button key={action.key} size="small" icon={action.icon} onClick={withSelection(() => setOpen(action.key))}>
          {action.label}
        </Button>
      ))}
      {can.remove && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={withSelection(remove)}>
          {t('crm.mass.delete')}
        </Button>
      )}
      {Remove && <Remove ids={ids} open={open === 'remove'} onClose={() => setOpen(null)} onDone={onDone} />}
      {actions.map(({ key, Dialog }) => (
        <Dialog key={`${key}-dialog`} module={module} ids={ids} open={open === key} onClose={() => setOpen(null)} onDone={onDone} />
      ))}
    </Space>
  );
}
