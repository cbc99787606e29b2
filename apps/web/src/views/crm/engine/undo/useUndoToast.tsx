import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '../useShowError';

/** Seconds a change offers its undo (a hover keeps it open). */
export const UNDO_SECONDS = 8;

let toasts = 0;

/**
 * After a change the user may regret (an inline edit, a task completed, a mass update): a toast
 * saying what was saved, with an Undo button for a few seconds. `undo` puts the previous values
 * back through the same update path as the change, so it is checked the same way; a refusal (the
 * record changed meanwhile: 'Someone else changed…') shows the server's message. `after` runs
 * once the undo was tried, whatever came of it (the page fetches what is now true).
 */
export function useUndoToast() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  return (text: string, undo: () => Promise<unknown>, after?: () => void) => {
    const key = `undo-${++toasts}`;
    const handleUndo = async () => {
      void message.open({ key, type: 'loading', content: t('crm.undo.undoing'), duration: 0 });
      try {
        await undo();
        void message.open({ key, type: 'success', content: t('crm.undo.done') });
      } catch (error) {
        message.destroy(key);
        showError(error);
      } finally {
        after?.();
      }
    };
    void message.open({
      key,
      type: 'success',
      duration: UNDO_SECONDS,
      content: (
        <span data-testid="undo-toast">
          {text}
          <Button type="link" size="small" onClick={() => void handleUndo()} data-testid="undo-button">
            {t('crm.undo.undo')}
          </Button>
        </span>
      ),
    });
  };
}
