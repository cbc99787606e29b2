import type { IconLibrary } from './iconLibrary';

/** A menu's icon: the antd icon of that name, or the stored name itself (older seed icons). */
export default function MenuIcon({ name, icons }: { name: string | null | undefined; icons: IconLibrary | null }) {
  if (!name) return null;
  const Icon = icons?.[name];
  return Icon ? <Icon /> : <span style={{ color: 'rgba(0,0,0,0.45)' }}>{name}</span>;
}
