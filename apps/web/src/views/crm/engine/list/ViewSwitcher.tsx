import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Select, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListViewMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { createView, deleteView, updateView } from '../../../../api/crm';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useSession } from '../../../../store/session';
import { moduleMetaKey } from '../useModuleMeta';
import { lazyWhenOpen } from '../../../../components/lazyWhenOpen';
import type { ViewDraft } from './SaveViewDialog';
import type { RecordListController } from './useRecordListController';

/** Loads when first opened: its zod rule and form are not the list's (issue 15). */
const SaveViewDialog = lazyWhenOpen(() => import('./SaveViewDialog'), (p) => p.open !== null);

type Props = { module: CrmModule; meta: ModuleMeta; controller: RecordListController };

/**
 * Picks the list view (built-in, shared, the user's own) and keeps views: save the list's current
 * filter, columns, sort and owner scope as a new view, update or delete one's own.
 */
export default function ViewSwitcher({ module, meta, controller }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const userId = useSession()?.user.userId;
  const [dialog, setDialog] = useState<{ mode: 'create' | 'update'; initial: ViewDraft } | null>(null);
  const { view, modified } = controller;

  const group = (label: string, views: ListViewMeta[]) => (views.length ? [{ label, options: views.map((v) => ({ value: v.id, label: v.label })) }] : []);
  const options = [
    ...group(t('crm.view.builtIn'), meta.listViews.filter((v) => v.builtIn)),
    ...group(t('crm.view.mine'), meta.listViews.filter((v) => !v.builtIn && v.ownerId === userId)),
    ...group(t('crm.view.shared'), meta.listViews.filter((v) => !v.builtIn && v.ownerId !== userId)),
  ];

  const reloadMeta = () => queryClient.invalidateQueries({ queryKey: moduleMetaKey(module) });
  const save = async ({ name, shared }: ViewDraft) => {
    if (dialog?.mode === 'update' && view) {
      await updateView(module, { ...controller.viewBody(name, shared), id: view.id });
      await reloadMeta();
    } else {
      const { data: id } = await createView(module, controller.viewBody(name, shared));
      await reloadMeta();
      // The new view holds the settings on screen: it becomes the current one, nothing reloads.
      controller.showingView(id);
    }
  };
  const remove = () =>
    view &&
    confirm(t('crm.view.confirmDelete', { name: view.label }), async () => {
      await deleteView(module, view.id);
      await reloadMeta();
      const first = meta.listViews.find((v) => v.id !== view.id);
      if (first) controller.selectView(first.id);
    });

  const editable = !!view?.canEdit && !view.builtIn;
  const items = [
    { key: 'saveAs', label: t('crm.view.saveAs') },
    { key: 'update', label: t('crm.view.update'), disabled: !editable },
    { key: 'delete', label: t('crm.view.delete'), disabled: !editable, danger: true },
  ];
  const handleMenu = ({ key }: { key: string }) => {
    if (key === 'saveAs') setDialog({ mode: 'create', initial: { name: '', shared: false } });
    else if (key === 'update' && view) setDialog({ mode: 'update', initial: { name: view.name, shared: view.shared } });
    else if (key === 'delete') remove();
  };

  return (
    <Space size={4} wrap>
      <Select
        value={view?.id}
        onChange={controller.selectView}
        options={options}
        style={{ width: 200 }}
        aria-label={t('crm.view.label')}
        data-testid="view-switcher"
        popupMatchSelectWidth={false}
      />
      <Dropdown menu={{ items, onClick: handleMenu }} trigger={['click']}>
        <Button data-testid="view-menu">
          {t('crm.view.menu')} <DownOutlined />
        </Button>
      </Dropdown>
      {modified && (
        <Tag color="warning" data-testid="view-modified">
          {t('crm.view.modified')}
        </Tag>
      )}
      <SaveViewDialog open={dialog} onSave={save} onClose={() => setDialog(null)} />
    </Space>
  );
}
