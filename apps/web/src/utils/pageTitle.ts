import { PRODUCT_NAME } from '@orbit/shared/constants';

/** The browser tab's title (SPEC §4): the product name, then the page's translated title. */
export function setPageTitle(pageTitle: string): void {
  document.title = `${PRODUCT_NAME} - ${pageTitle}`;
}
