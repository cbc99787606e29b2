import type { ComponentType } from 'react';

/**
 * The set-up pages (fields and layouts, approval processes, sharing) by view path
 * ('./sharing/index.tsx'), in one file that loads with the first of them, as the administration's
 * do (views/system/systemViews.ts).
 */
export const areaViews = import.meta.glob<{ default: ComponentType }>(['./**/*.tsx', '!./**/*.test.tsx', '!./**/components/**'], { eager: true });
