import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuRow } from '@orbit/shared/contract/menu';
import { loadAllTexts } from '../../../../i18n/i18n';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import MenuFormDialog from './MenuFormDialog';

const api = vi.hoisted(() => ({ addMenu: vi.fn(), updateMenu: vi.fn(async () => ({ code: 200, msg: 'Saved' })) }));
vi.mock('../../../../api/system/menu', () => api);
vi.mock('../../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, data: [] }) }));

/** A seeded set-up directory: its route name keys the translated sidebar label. */
const setupLeads: MenuRow = {
  menuId: 40,
  menuName: 'Leads',
  parentId: 30,
  orderNum: 1,
  path: 'index-leads',
  component: null,
  query: null,
  routeName: 'SetupLeads',
  isFrame: '1',
  isCache: '0',
  menuType: 'M',
  visible: '0',
  status: '0',
  perms: null,
  icon: 'table',
  affix: false,
  breadcrumb: true,
  remark: 'Field layouts of leads',
  createTime: '2026-11-01T00:00:00.000Z',
};

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

/** A seeded page: it can be pinned and kept out of the breadcrumb. */
const loginLog: MenuRow = { ...setupLeads, menuId: 41, menuName: 'Login Log', path: 'log-login', component: 'monitor/logininfor/index', routeName: 'LogLogin', menuType: 'C' };

describe('MenuFormDialog', () => {
  it('refuses a path that is an address but no web address, as the server does, whether or not it is an external link', async () => {
    api.updateMenu.mockClear();
    renderWithProviders(<MenuFormDialog dialog={{ mode: 'edit', menu: loginLog }} rows={[loginLog]} onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Route address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('A link must be a web address starting with http:// or https://')).toBeTruthy();
    expect(api.updateMenu).not.toHaveBeenCalled();
  });

  it('pins a page’s tab and keeps it out of the breadcrumb (route meta affix and breadcrumb)', async () => {
    api.updateMenu.mockClear();
    const onSaved = vi.fn();
    renderWithProviders(<MenuFormDialog dialog={{ mode: 'edit', menu: loginLog }} rows={[loginLog]} onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Pinned tab' })).getByLabelText('Yes'));
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Breadcrumb' })).getByLabelText('Hide'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updateMenu).toHaveBeenCalledWith(expect.objectContaining({ menuId: 41, affix: true, breadcrumb: false }));
  });


  it('keeps the route name and remark of a directory it edits', async () => {
    const onSaved = vi.fn();
    renderWithProviders(<MenuFormDialog dialog={{ mode: 'edit', menu: setupLeads }} rows={[setupLeads]} onClose={vi.fn()} onSaved={onSaved} />);
    expect(((await screen.findByLabelText('Route name')) as HTMLInputElement).value).toBe('SetupLeads');
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updateMenu).toHaveBeenCalledWith(
      expect.objectContaining({ menuId: 40, menuType: 'M', routeName: 'SetupLeads', path: 'index-leads', orderNum: 7, remark: 'Field layouts of leads' }),
    );
  });

  it('reads the flags as the server sends them, RuoYi’s strings: an external link shows as one, and stays one', async () => {
    const docs: MenuRow = { ...setupLeads, menuId: 41, menuName: 'Docs', menuType: 'C', path: 'https://example.com/docs', routeName: 'Docs', isFrame: '0', isCache: '1' };
    const onSaved = vi.fn();
    renderWithProviders(<MenuFormDialog dialog={{ mode: 'edit', menu: docs }} rows={[docs]} onClose={vi.fn()} onSaved={onSaved} />);
    const item = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    await screen.findByText('External link', { selector: 'label' });
    const external = item('External link');
    expect((within(external).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    const cache = item('Cache');
    expect((within(cache).getByRole('radio', { name: 'Not cached' }) as HTMLInputElement).checked).toBe(true);
    // An external link must stay an http(s) address: the dialog checks it as the server does.
    fireEvent.change(screen.getByLabelText('Route address'), { target: { value: 'docs' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('A link must be a web address starting with http:// or https://')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Route address'), { target: { value: 'https://example.com/help' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updateMenu).toHaveBeenLastCalledWith(expect.objectContaining({ menuId: 41, isFrame: '0', isCache: '1', path: 'https://example.com/help' }));
  });
});
