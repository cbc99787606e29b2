import { PERMISSIONS } from '@orbit/shared/permissions';
import { useSession } from '../../../../store/session';
import { hasPermission } from '../../../../utils/permission';

/** What of a conversion the user may do: the server asks for the same permissions of each part. */
export function useConvertPermissions() {
  const session = useSession();
  const can = (permission: string) => hasPermission(session, permission);
  const newAccount = can(PERMISSIONS.account.add);
  const pickAccount = can(PERMISSIONS.account.query);
  const newContact = can(PERMISSIONS.contact.add);
  const pickContact = can(PERMISSIONS.contact.query);
  return {
    /** Convert at all: the permission, some account to convert into and some contact to become. */
    convert: can(PERMISSIONS.leads.convert) && (newAccount || pickAccount) && (newContact || pickContact),
    newAccount,
    pickAccount,
    newContact,
    pickContact,
    opportunity: can(PERMISSIONS.opportunity.add),
    task: can(PERMISSIONS.task.add),
  };
}
