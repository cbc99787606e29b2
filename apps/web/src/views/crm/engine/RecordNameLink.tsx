import { Link } from 'react-router';
import type { CrmModule } from '@orbit/shared/crm/modules';
import RestrictedRecord from './RestrictedRecord';
import { useRecordLink } from './useRecordLink';

/**
 * A record named in another's table (a campaign, a person, an opportunity): a link to its detail
 * page when the user's menu has one, else its name; "Restricted record" when the name is withheld (null).
 */
export default function RecordNameLink({ module, id, name }: { module: CrmModule; id: number; name: string | null }) {
  const recordLink = useRecordLink();
  if (name === null) return <RestrictedRecord />;
  const href = recordLink(module, id);
  return href ? <Link to={href}>{name}</Link> : name;
}
