import { HOME_PATH, MY_DAY_PATH } from '../routes/constantPages';
import type { MenuModel } from '../routes/menuModel';
import { GOTO_TARGETS, type GotoTarget } from './keymap';

/** The page a `g` shortcut opens for this user: null when their menu has none (then it is not offered). */
export function gotoPath(model: MenuModel, target: GotoTarget): string | null {
  if (target.component === 'home') return model.pages.some((p) => p.fullPath === MY_DAY_PATH) ? MY_DAY_PATH : HOME_PATH;
  return model.pages.find((p) => p.component === target.component && !p.link)?.fullPath ?? null;
}

/** The `g` targets this user's menu allows, with their paths. */
export function gotoTargets(model: MenuModel): Array<GotoTarget & { path: string }> {
  return GOTO_TARGETS.flatMap((target) => {
    const path = gotoPath(model, target);
    return path ? [{ ...target, path }] : [];
  });
}
