import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closeKeyboardOverlay, keyboardOverlayStore, openKeyboardOverlay } from '../../store/keyboardOverlay';
import { lazyWhenOpen } from '../../components/lazyWhenOpen';
import { resolvePath } from '../routes/resolvePath';
import { useMenuModel } from '../routes/useMenuModel';
import { gotoPath } from './gotoPath';
import { GOTO_TARGETS, SHORTCUTS, type ShortcutAction } from './keymap';
import { createKeymapHandler } from './keymapHandler';
import { runPageCommand } from './pageCommands';

const ShortcutsDialog = lazyWhenOpen(() => import('./ShortcutsDialog'), (p) => p.open);

/** The keymap's listener for the signed-in shell, and the `?` dialog. */
export default function KeyboardShortcuts() {
  const overlay = keyboardOverlayStore.use();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const model = useMenuModel();
  // The listener stays; what it acts on is read when a key comes.
  const current = useRef({ navigate, pathname, model });
  useEffect(() => {
    current.current = { navigate, pathname, model };
  });

  useEffect(() => {
    const run = (action: ShortcutAction): boolean => {
      const { navigate, pathname, model } = current.current;
      if (action.kind === 'palette' || action.kind === 'help') {
        openKeyboardOverlay(action.kind === 'palette' ? 'palette' : 'shortcuts');
        return true;
      }
      if (action.kind === 'goto') {
        const target = GOTO_TARGETS.find((g) => g.id === action.target);
        const path = target && gotoPath(model, target);
        if (path) navigate(path);
        return !!path;
      }
      const page = resolvePath(pathname, model);
      return page.kind === 'page' && runPageCommand(page.page.fullPath, action.command);
    };
    const handler = createKeymapHandler({ shortcuts: SHORTCUTS, onAction: run });
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, []);

  return <ShortcutsDialog open={overlay === 'shortcuts'} onClose={closeKeyboardOverlay} />;
}
