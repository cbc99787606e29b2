import i18n from '../../i18n/i18n';

/** Titles the product shows as plain 'Page Layout' (SPEC §2): the set-up screens of these modules. */
const PAGE_LAYOUT_TITLE = /^(opportunity|account|task|campaign|contact|activity) page layout$/i;

/**
 * A menu label or page title: translated by route name (`menu.<name>`); a title ending in
 * 'Page Layout' for opportunity, account, task, campaign, contact or activity reads 'Page Layout'; an unknown name
 * falls back to the server's raw title.
 */
export function menuTitle(route: { name: string; title: string }, language?: string): string {
  const lng = language ?? i18n.language;
  if (PAGE_LAYOUT_TITLE.test(route.title.trim())) return i18n.t('menu.pageLayout', { lng });
  const key = `menu.${route.name}`;
  return route.name && i18n.exists(key, { lng }) ? i18n.t(key, { lng }) : route.title;
}
