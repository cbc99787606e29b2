import { createStore } from './createStore';

/**
 * Whether the file centre (the navbar's file management dialog) is open: an export opens it so
 * that its user sees the new file being generated.
 */
export const fileCentreOpen = createStore(false);
