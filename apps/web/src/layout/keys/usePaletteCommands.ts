import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGUAGES, type Language } from '@orbit/shared/constants';
import { changeLanguage } from '../../i18n/i18n';
import { openKeyboardOverlay } from '../../store/keyboardOverlay';
import { useSession } from '../../store/session';
import { hasPermission } from '../../utils/permission';
import { useMenuModel } from '../routes/useMenuModel';
import { requestPageCommand } from './pageCommands';
import { paletteCommands, type PaletteCommand } from './paletteCommands';

/** The palette's commands for the signed-in user, their names in every loaded language, and how to run one. */
export function usePaletteCommands() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const model = useMenuModel();
  const language = (i18n.language === 'zh' ? 'zh' : 'en') satisfies Language;
  const commands = paletteCommands({ model, can: (p) => hasPermission(session, p), language });

  const nameOf = (command: PaletteCommand, lng?: Language) => t(command.label, { ...command.labelValues, lng });
  // Both languages' names are searched, as the pages' titles are (their texts load with the search).
  const namesOf = (command: PaletteCommand) => LANGUAGES.filter((lng) => i18n.hasResourceBundle(lng, 'translation')).map((lng) => nameOf(command, lng));

  const run = (command: PaletteCommand) => {
    const what = command.run;
    if (what.kind === 'goto') navigate(what.path);
    else if (what.kind === 'new') {
      navigate(what.listPath);
      requestPageCommand(what.listPath, 'create');
    } else if (what.kind === 'language') void changeLanguage(what.language);
    else openKeyboardOverlay('shortcuts');
  };
  return { commands, nameOf: (command: PaletteCommand) => nameOf(command), namesOf, run };
}
