import type { ComponentType } from 'react';

/**
 * The template demo's pages by view path ('demo/icon/index' → views/demo/icon/index.tsx), in a
 * map of their own that loads with the first demo page: the product's page map stays as small
 * as it was without them.
 */
export const demoViews = import.meta.glob<{ default: ComponentType }>(['./**/*.tsx', '!./**/*.test.tsx', '!./**/components/**']);
