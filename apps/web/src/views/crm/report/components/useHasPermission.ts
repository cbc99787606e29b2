import { useSession } from '../../../../store/session';
import { hasPermission } from '../../../../utils/permission';

/** Whether the signed-in user holds a permission (buttons show only for holders; the server checks anyway). */
export function useHasPermission(): (permission: string) => boolean {
  const session = useSession();
  return (permission) => hasPermission(session, permission);
}
