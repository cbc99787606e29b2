import type { ComponentType } from 'react';

/**
 * The monitor pages (login and operation logs) by view path ('./operlog/index.tsx'), in one file
 * that loads with the first of them, as the administration's do (views/system/systemViews.ts).
 */
export const areaViews = import.meta.glob<{ default: ComponentType }>(['./**/*.tsx', '!./**/*.test.tsx', '!./**/components/**'], { eager: true });
