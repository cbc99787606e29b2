import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../i18n/i18n';
import { RequestError } from '../../api/request';
import { getSession, setSession, type Session } from '../../store/session';
import { lazyWhenOpen } from '../../components/lazyWhenOpen';
import ChangePasswordForm from './components/ChangePasswordForm';
import PasswordChangePrompt from './PasswordChangePrompt';

const api = vi.hoisted(() => ({ updatePwd: vi.fn(), postponePasswordChange: vi.fn() }));
vi.mock('../../api/auth', () => api);

const baseSession = {
  user: { userId: 2, userName: 'sam', nickName: 'Sam Sales' },
  roles: ['sales_rep'],
  permissions: [],
  isAdmin: false,
  isDefaultModifyPwd: false,
  isPasswordExpired: false,
  routers: [],
} as unknown as Session;

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => vi.resetAllMocks());
afterEach(() => {
  cleanup();
  act(() => setSession(null));
});

const renderPrompt = (patch: Partial<Session>) => {
  act(() => setSession({ ...baseSession, ...patch }));
  return render(
    <AntdApp>
      <PasswordChangePrompt />
    </AntdApp>,
  );
};

/** The forced dialog's submit, once the dialog is open (it is disabled while the dialog zooms in). */
async function openSubmit(): Promise<HTMLButtonElement> {
  const submit = await screen.findByTestId<HTMLButtonElement>('change-password-submit');
  await waitFor(() => expect(submit.disabled).toBe(false));
  return submit;
}

/** A click on the dimmed page around the dialog, where a click closes an ordinary dialog. */
function clickMask() {
  const wrap = document.querySelector('.ant-modal-wrap')!;
  fireEvent.mouseDown(wrap);
  fireEvent.mouseUp(wrap);
  fireEvent.click(wrap);
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PasswordChangePrompt', () => {
  it('shows nothing when no change is due', () => {
    renderPrompt({});
    expect(screen.queryByTestId('forced-password-change')).toBeNull();
    expect(screen.queryByTestId('suggested-password-change')).toBeNull();
  });

  it('forces a change that cannot be closed, checks the fields, and goes away once changed', async () => {
    api.updatePwd.mockResolvedValue({ code: 200, msg: 'Password changed' });
    renderPrompt({ isDefaultModifyPwd: true });
    expect(await screen.findByText('Please set your own password')).toBeTruthy();
    expect(document.querySelector('.ant-modal-close')).toBeNull();

    fireEvent.click(await openSubmit());
    expect(await screen.findByText('Old password is required')).toBeTruthy();

    fill(/^Old password$/, 'admin123');
    fill(/^New password$/, 'abc');
    fill(/^Confirm new password$/, 'abd');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('New password must be at least 8 characters', {}, { timeout: 4000 })).toBeTruthy();
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(api.updatePwd).not.toHaveBeenCalled();

    fill(/^New password$/, 'better-secret');
    fill(/^Confirm new password$/, 'better-secret');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(api.updatePwd).toHaveBeenCalledWith({ oldPassword: 'admin123', newPassword: 'better-secret' }));
    await waitFor(() => expect(getSession()?.isDefaultModifyPwd).toBe(false));
    await waitFor(() => expect(screen.queryByTestId('forced-password-change')).toBeNull());
  });

  it('puts the server field errors on the fields', async () => {
    api.updatePwd.mockRejectedValue(new RequestError('The old password is wrong', 400, { oldPassword: 'The old password is wrong' }));
    renderPrompt({ isDefaultModifyPwd: true });
    fill(/^Old password$/, 'wrong-one');
    fill(/^New password$/, 'better-secret');
    fill(/^Confirm new password$/, 'better-secret');
    fireEvent.click(await openSubmit());
    expect(await screen.findByText('The old password is wrong')).toBeTruthy();
    expect(getSession()?.isDefaultModifyPwd).toBe(true);
  });

  it('suggests a change of an old password; "Remind me later" postpones it on the server', async () => {
    api.postponePasswordChange.mockResolvedValue({ code: 200, msg: 'ok' });
    renderPrompt({ isPasswordExpired: true });
    expect(await screen.findByText('Time for a new password')).toBeTruthy();
    expect(document.querySelector('.ant-modal-close')).not.toBeNull();
    // Only its buttons answer it: a stray click beside it does not dismiss it unanswered.
    clickMask();
    expect(screen.getByTestId('suggested-password-change')).toBeTruthy();
    fireEvent.click(screen.getByTestId('remind-later'));
    await waitFor(() => expect(api.postponePasswordChange).toHaveBeenCalled());
    await waitFor(() => expect(getSession()?.isPasswordExpired).toBe(false));
  });

  it('"Change now" opens the form in the suggestion', async () => {
    renderPrompt({ isPasswordExpired: true });
    fireEvent.click(await screen.findByTestId('change-now'));
    expect(await screen.findByTestId('change-password-form')).toBeTruthy();
  });

  it('keeps the forced submit disabled while its dialog opens, so that no click lands beside it', async () => {
    renderPrompt({ isDefaultModifyPwd: true });
    const submit = screen.getByTestId<HTMLButtonElement>('change-password-submit');
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.queryByText('Old password is required')).toBeNull(); // the early click did nothing
    fireEvent.click(submit);
    expect(await screen.findByText('Old password is required')).toBeTruthy();
  });

  it('the form alone is ready at once; held back, its submit is disabled', () => {
    const html = (ready?: boolean) => {
      const box = document.createElement('div');
      box.innerHTML = renderToString(
        <AntdApp>
          <ChangePasswordForm userName="sam" onChanged={() => undefined} ready={ready} />
        </AntdApp>,
      );
      return box.querySelector<HTMLButtonElement>('[data-testid="change-password-submit"]')!.disabled;
    };
    expect(html()).toBe(false);
    expect(html(false)).toBe(true);
  });

  it('answers the first click made the moment the prompt, loaded on demand, lets its submit be clicked', async () => {
    // As SignedInRoot mounts it: its code loads when the change falls due.
    const Lazy = lazyWhenOpen<{ due: boolean }>(() => import('./PasswordChangePrompt'), (p) => p.due);
    act(() => setSession({ ...baseSession, isDefaultModifyPwd: true }));
    let clicks = 0;
    const observer = new MutationObserver(() => {
      const submit = document.querySelector<HTMLButtonElement>('[data-testid="change-password-submit"]');
      if (submit && !submit.disabled && clicks === 0) {
        clicks++;
        submit.click();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    render(
      <AntdApp>
        <Lazy due />
      </AntdApp>,
    );
    expect(await screen.findByText('Old password is required', {}, { timeout: 15_000 })).toBeTruthy();
    observer.disconnect();
    expect(clicks).toBe(1);
    expect(api.updatePwd).not.toHaveBeenCalled();
  });
});
