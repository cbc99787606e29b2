import { describe, expect, it } from 'vitest';
import ComingSoonPage from '../../views/placeholder/ComingSoonPage';
import OperlogPage from '../../views/monitor/operlog/index';
import SharingPage from '../../views/setup/sharing/index';
import ConfigPage from '../../views/system/config/index';
import ProfilePage from '../../views/system/user/profile/index';
import HomePage from '../../views/home/HomePage';
import { loadView } from './views';

describe('page views by the view path the menu gives', () => {
  it('loads the administrators’ pages from their area’s map, the profile on its own, the rest from the page map', async () => {
    expect(await loadView('system/config/index')).toBe(ConfigPage);
    expect(await loadView('setup/sharing/index')).toBe(SharingPage);
    expect(await loadView('monitor/operlog/index')).toBe(OperlogPage);
    expect(await loadView('system/user/profile/index')).toBe(ProfilePage);
    expect(await loadView('/home/HomePage.tsx')).toBe(HomePage);
  }, 60_000);

  it('shows "coming soon" for a view that does not exist yet, in an area or not', async () => {
    expect(await loadView('system/nothing/index')).toBe(ComingSoonPage);
    expect(await loadView('crm/nothing/index')).toBe(ComingSoonPage);
  }, 60_000);
});
