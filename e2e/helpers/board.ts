import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A list page's board of a module, as shown (the page of another tab may be in the document, hidden). */
export const boardOf = (page: Page, module: string) => page.locator(`[data-testid="record-board-${module}"]:visible`);

/** One column of a board: a picklist value, or `none` for the records without one. */
export const boardColumn = (page: Page, module: string, value: string) => boardOf(page, module).getByTestId(`board-column-${value}`);

/** A column's count as shown. */
export const columnCount = (column: Locator) => column.getByTestId('column-count').textContent();

/**
 * Drags a card onto a column with the mouse, as a user does: Chromium turns the moves into the
 * HTML5 drag events the board listens to (a second move over the target lets it see dragover).
 * The board scrolls sideways (columns keep a readable width): the target is brought into view
 * first, then the card, which stays in view with it. A card whose last move the server has not
 * answered yet cannot be dragged: the drag waits for it.
 */
export async function dragCard(page: Page, card: Locator, target: Locator): Promise<void> {
  await card.and(page.locator('[draggable="true"]')).waitFor();
  await target.scrollIntoViewIfNeeded();
  await card.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height - 4, { steps: 3 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 10 });
  await page.mouse.move(to.x + to.width / 2 + 5, to.y + 125, { steps: 2 });
  await page.mouse.up();
}

/** Waits until nothing on the page is loading any more, for a screenshot that shows the page as it stays. */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}
