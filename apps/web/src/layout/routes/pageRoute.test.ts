import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../store/session';
import { removeToken, setToken } from '../../utils/auth';
import { rememberedPage, rememberPage } from './warmStart';

const mocks = vi.hoisted(() => ({
  requireSession: vi.fn(),
  getSession: vi.fn(),
  preloadPage: vi.fn(),
  loadView: vi.fn(),
  resolvePath: vi.fn(),
}));
vi.mock('../../app/guards', () => ({ requireSession: mocks.requireSession }));
vi.mock('../../store/session', () => ({ getSession: mocks.getSession }));
vi.mock('./preloadPage', () => ({ preloadPage: mocks.preloadPage }));
vi.mock('./views', () => ({ loadView: mocks.loadView }));
vi.mock('./resolvePath', () => ({ resolvePath: mocks.resolvePath }));
vi.mock('./useMenuModel', () => ({ menuModelOf: () => ({}) }));

const { loader } = await import('./pageRoute');

const session = { defaultDashboardId: 4 } as unknown as Session;
const argsFor = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  setToken('the-session');
  mocks.getSession.mockReturnValue(null);
  mocks.loadView.mockResolvedValue(() => null);
  mocks.resolvePath.mockReturnValue({ kind: 'page', page: { component: 'crm/leads/index' } });
});

describe('the run-time route’s loader on a full load', () => {
  it('starts the page this address opened last time before the session is in, and not again once it is', async () => {
    rememberPage('/Leads/leads-index', 'crm/leads/index', 4);
    let answer!: (s: Session) => void;
    mocks.requireSession.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const done = loader(argsFor('/Leads/leads-index'));
    await settle();
    // The user info and menu are still on their way; the page's code and data are asked for already.
    expect(mocks.preloadPage.mock.calls).toEqual([['crm/leads/index', new URLSearchParams(), 4]]);
    expect(mocks.loadView).toHaveBeenCalledWith('crm/leads/index');
    answer(session);
    await done;
    expect(mocks.preloadPage).toHaveBeenCalledTimes(1);
  });

  it('goes by the menu when the guess was wrong, and remembers what the address opened', async () => {
    rememberPage('/Leads/leads-index', 'crm/contacts/index', 4);
    mocks.requireSession.mockResolvedValue(session);
    await loader(argsFor('/Leads/leads-index?x=1'));
    expect(mocks.preloadPage.mock.calls).toEqual([
      ['crm/contacts/index', new URLSearchParams('x=1'), 4],
      ['crm/leads/index', new URLSearchParams('x=1'), 4],
    ]);
    expect(mocks.loadView).toHaveBeenLastCalledWith('crm/leads/index');
    expect(rememberedPage('/Leads/leads-index')).toEqual({ component: 'crm/leads/index', dashboardId: 4 });
  });

  it('guesses nothing on a first visit, in another session, or once the session is loaded', async () => {
    mocks.requireSession.mockResolvedValue(session);
    await loader(argsFor('/Leads/leads-index'));
    expect(mocks.preloadPage).toHaveBeenCalledTimes(1);
    removeToken();
    setToken('another-session');
    vi.clearAllMocks();
    mocks.loadView.mockResolvedValue(() => null);
    let answer!: (s: Session) => void;
    mocks.requireSession.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const done = loader(argsFor('/Leads/leads-index'));
    await settle();
    expect(mocks.preloadPage).not.toHaveBeenCalled();
    answer(session);
    await done;
    mocks.getSession.mockReturnValue(session);
    mocks.requireSession.mockResolvedValue(session);
    vi.clearAllMocks();
    mocks.getSession.mockReturnValue(session);
    mocks.requireSession.mockResolvedValue(session);
    mocks.loadView.mockResolvedValue(() => null);
    await loader(argsFor('/Leads/leads-index'));
    // In-app navigation: the menu is known, the page is started once.
    expect(mocks.preloadPage).toHaveBeenCalledTimes(1);
  });
});
