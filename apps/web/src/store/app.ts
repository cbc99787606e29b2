import Cookies from 'js-cookie';
import { createStore } from './createStore';

/** Interface state of SPEC §3: sidebar, device, component size. Sidebar and size live in cookies. */
export type Device = 'desktop' | 'mobile';
export type Size = 'large' | 'medium' | 'small';
export const SIZES: readonly Size[] = ['large', 'medium', 'small'];

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

type AppState = { sidebar: { opened: boolean; withoutAnimation: boolean }; device: Device; size: Size };

function initialSize(): Size {
  const stored = Cookies.get(SIZE_COOKIE) as Size | undefined;
  return stored && SIZES.includes(stored) ? stored : 'medium';
}

export const appStore = createStore<AppState>({
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false },
  device: 'desktop',
  size: initialSize(),
});

export function toggleSidebar(): void {
  appStore.set((s) => {
    const opened = !s.sidebar.opened;
    // On a phone the sidebar opens over the content for one visit only; the desktop choice is kept.
    if (s.device === 'desktop') Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { expires: 365, sameSite: 'strict' });
    return { ...s, sidebar: { opened, withoutAnimation: false } };
  });
}

export function closeSidebar(withoutAnimation: boolean): void {
  appStore.set((s) => ({ ...s, sidebar: { opened: false, withoutAnimation } }));
}

/** Leaving mobile mode restores the remembered desktop state. */
export function setDevice(device: Device): void {
  appStore.set((s) => ({
    ...s,
    device,
    sidebar: device === 'mobile' ? { opened: false, withoutAnimation: true } : { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: true },
  }));
}

export function setSize(size: Size): void {
  Cookies.set(SIZE_COOKIE, size, { expires: 365, sameSite: 'strict' });
  appStore.set((s) => ({ ...s, size }));
}

/** antd's name for the sizes. */
export const antdSize = (size: Size) => (size === 'medium' ? 'middle' : size);
