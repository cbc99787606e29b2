import type { ComponentType } from 'react';

/**
 * The administration pages (users, roles, departments, menus, dictionaries, settings, notices,
 * currencies, webhooks) by view path ('./config/index.tsx'), in one file that loads with the first
 * of them: an administrator opening one opens its neighbours next, and as a lazy file each they were
 * a dozen separately compressed chunks (layout/routes/views.ts). Not the profile, which every user
 * opens: it loads on its own.
 */
export const areaViews = import.meta.glob<{ default: ComponentType }>(['./**/*.tsx', '!./**/*.test.tsx', '!./**/components/**', '!./user/profile/**'], { eager: true });
