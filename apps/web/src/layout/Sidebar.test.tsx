import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { changeLanguage } from '../i18n/i18n';
import { patchSession } from '../store/session';
import { prepareCrmTests, signInOlivia } from '../test/crmFixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import Sidebar from './Sidebar';

const meta = (title: string, link: string | null = null) => ({ title, icon: 'link', noCache: false, link, roles: [], affix: false, breadcrumb: true });
/** A directory holding a page and an outside address (a menu path that is an http(s) address). */
const routers: RouterVo[] = [
  {
    name: 'Tools', path: '/tools', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('Tools'),
    children: [
      { name: 'ToolsIndex', path: 'index', hidden: false, component: 'crm/leads/index', meta: meta('Tool page') },
      { name: 'SecurityAlert', path: 'https://evil.example/alert', hidden: false, component: 'InnerLink', meta: meta('Security Alert', 'https://evil.example/alert') },
    ],
  },
];

const show = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/tools/index']}>
      <Sidebar />
    </MemoryRouter>,
  );

prepareCrmTests();
beforeEach(() => {
  signInOlivia();
  act(() => patchSession({ routers }));
});
afterEach(() => vi.restoreAllMocks());

describe('the sidebar', () => {
  it('marks an entry leading outside the app with where it goes, in both languages, and opens it in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    show();
    const entry = screen.getByTestId('menu-SecurityAlert');
    const marker = within(entry).getByRole('img', { name: 'Opens evil.example in a new tab' });
    expect(marker).toBeTruthy();
    expect(entry.textContent).toContain('evil.example');
    // An entry of the app carries no such mark.
    expect(within(screen.getByTestId('menu-ToolsIndex')).queryByRole('img')).toBeNull();

    fireEvent.click(entry);
    expect(open).toHaveBeenCalledWith('https://evil.example/alert', '_blank', 'noopener,noreferrer');

    await act(() => changeLanguage('zh'));
    expect(within(screen.getByTestId('menu-SecurityAlert')).getByRole('img', { name: '在新标签页打开 evil.example' })).toBeTruthy();
    await act(() => changeLanguage('en'));
  });
});
