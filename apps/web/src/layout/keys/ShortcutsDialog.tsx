import { Modal, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuModel } from '../routes/useMenuModel';
import { gotoTargets } from './gotoPath';
import { keyLabel, SHORTCUTS, type Shortcut } from './keymap';

/** The `?` dialog: every shortcut this user has, from the keymap, in the user's language. */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const allowed = new Set(gotoTargets(useMenuModel()).map((target) => target.id));
  const shown = SHORTCUTS.filter((s) => s.action.kind !== 'goto' || allowed.has(s.action.target));
  const section = (group: Shortcut['group']) => (
    <>
      <Typography.Title level={5}>{t(`keys.dialog.${group}`)}</Typography.Title>
      <dl className="app-shortcuts">
        {shown
          .filter((s) => s.group === group)
          .map((s) => (
            <Fragment key={s.keys.join(' ')}>
              <dt>
                {s.keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 && <span className="app-shortcuts-then"> {t('keys.dialog.then')} </span>}
                    <kbd>{keyLabel(key)}</kbd>
                  </Fragment>
                ))}
              </dt>
              <dd>{t(s.label)}</dd>
            </Fragment>
          ))}
      </dl>
    </>
  );
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('keys.dialog.title')} data-testid="shortcuts-dialog" width={520}>
      {section('general')}
      {section('goto')}
      <Typography.Paragraph type="secondary">{t('keys.dialog.note')}</Typography.Paragraph>
    </Modal>
  );
}
