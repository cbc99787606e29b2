import { useTranslation } from 'react-i18next';
import type { MassActionDialogProps } from '../../engine/list/massAction';
import MassEmailDialog from './MassEmailDialog';

/** The list's mass action "Send e-mail" of leads and contacts: the mass e-mail dialog for the selected records. */
// The records do not change, so the list is not reloaded (that would end the selection, and the summary with it).
export default function SelectionMassEmail({ module, ids, open, onClose }: MassActionDialogProps) {
  const { t } = useTranslation();
  if (module !== 'leads' && module !== 'contact') throw new Error(`Records of ${module} cannot be mailed in bulk`);
  return <MassEmailDialog target={{ module, ids }} title={t('email.mass.titleSelection', { count: ids.length })} open={open} onClose={onClose} />;
}
