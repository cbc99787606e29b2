import { menuIcon } from '../../../../layout/menuIcons';

/** A menu row's icon as the sidebar draws it; nothing for an empty name or RuoYi's '#' placeholder. */
export default function MenuIcon({ name }: { name: string | null | undefined }) {
  if (!name || name === '#') return null;
  return <span title={name}>{menuIcon(name)}</span>;
}
