import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardMeta } from '@orbit/shared/contract/dashboard';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { loadAllTexts } from '../../../../i18n/i18n';
import { signInOlivia } from '../../../../test/crmFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import DashboardActions from './DashboardActions';

const api = vi.hoisted(() => ({ createDashboard: vi.fn(), updateDashboard: vi.fn(), deleteDashboard: vi.fn() }));
vi.mock('../../../../api/crmDashboard', () => api);

const P = PERMISSIONS.dashboard;
const own: DashboardMeta = { id: 7, name: 'My board', ownerId: 5, shared: false, builtIn: false, canEdit: true, widgets: [{ reportId: 1, kind: 'chart', x: 0, y: 0, w: 6, h: 4 }] };
const ids = () => ['dashboard-new', 'dashboard-edit-layout', 'dashboard-rename', 'dashboard-shared', 'dashboard-delete'].filter((id) => screen.queryByTestId(id));

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

describe('DashboardActions', () => {
  it('shows each action only with its permission, and changes only a dashboard the user may change', () => {
    signInOlivia([P.list, P.query]);
    renderWithProviders(<DashboardActions dashboard={own} onChosen={vi.fn()} onEditLayout={vi.fn()} />);
    expect(ids()).toEqual([]);
    cleanup();
    signInOlivia([P.list, P.add, P.edit, P.remove]);
    renderWithProviders(<DashboardActions dashboard={own} onChosen={vi.fn()} onEditLayout={vi.fn()} />);
    expect(ids()).toEqual(['dashboard-new', 'dashboard-edit-layout', 'dashboard-rename', 'dashboard-shared', 'dashboard-delete']);
    cleanup();
    renderWithProviders(<DashboardActions dashboard={{ ...own, builtIn: true, canEdit: false }} onChosen={vi.fn()} onEditLayout={vi.fn()} />);
    expect(ids()).toEqual(['dashboard-new']);
  });

  it('makes a new empty personal dashboard and opens it; shares one with its layout kept', async () => {
    signInOlivia([P.list, P.add, P.edit]);
    api.createDashboard.mockResolvedValue({ code: 200, data: 12 });
    api.updateDashboard.mockResolvedValue({ code: 200 });
    const onChosen = vi.fn();
    renderWithProviders(<DashboardActions dashboard={own} onChosen={onChosen} onEditLayout={vi.fn()} />);
    fireEvent.click(screen.getByTestId('dashboard-new'));
    fireEvent.change(await screen.findByTestId('dashboard-name-input'), { target: { value: ' Team board ' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onChosen).toHaveBeenCalledWith(12));
    expect(api.createDashboard).toHaveBeenCalledWith({ name: 'Team board', shared: false, widgets: [] });
    fireEvent.click(screen.getByTestId('dashboard-shared'));
    await waitFor(() => expect(api.updateDashboard).toHaveBeenCalledWith({ id: 7, name: 'My board', shared: true, widgets: own.widgets }));
  });
});
