import { FILE_TYPE } from '@orbit/shared/constants';
import { createStore } from './createStore';

/**
 * Whether the file centre (the navbar's file management dialog) is open: an export opens it so
 * that its user sees the new file being generated.
 */
export const fileCentreOpen = createStore(false);

/** The tab it shows: download records (exports, error files) or upload records (imports). */
export const fileCentreTab = createStore<number>(FILE_TYPE.download);

/** Opens the file centre on one tab: an export on its downloads, an import on its uploads. */
export function openFileCentre(type: number): void {
  fileCentreTab.set(type);
  fileCentreOpen.set(true);
}
