import { menuIcon } from '../../../../layout/menuIcons';
import type { IconLibrary } from './iconLibrary';

/** A menu's icon: the antd icon of that name, else the sidebar's icon for the seed's short names ('user', 'tree'…). */
export default function MenuIcon({ name, icons }: { name: string | null | undefined; icons: IconLibrary | null }) {
  if (!name || name === '#') return null;
  const Icon = icons?.[name];
  return Icon ? <Icon /> : <span title={name}>{menuIcon(name)}</span>;
}
