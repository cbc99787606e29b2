import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../api/request';
import { changeLanguage, loadAllTexts } from '../../../i18n/i18n';
import EmailCodeSignIn from './EmailCodeSignIn';
import ForgotPassword from './ForgotPassword';

const api = vi.hoisted(() => ({
  getCaptcha: vi.fn(),
  sendCode: vi.fn(),
  resendCode: vi.fn(),
  checkCode: vi.fn(),
  resetPwd: vi.fn(),
  sendLoginCode: vi.fn(),
  switchLogin: vi.fn(),
}));
vi.mock('../../../api/auth', () => api);
vi.mock('../hooks/useEnterApp', () => ({ useEnterApp: () => vi.fn() }));
// No cool-down in these tests: "Send a new code" is offered at once.
vi.mock('@orbit/shared/constants', async (original) => ({ ...(await original<object>()), EMAIL_CODE_RESEND_SECONDS: 0 }));

const SENT = { code: 200, msg: 'If this address belongs to an account, a code has been sent to it' };
let pictures = 0;
const captchaOn = () =>
  api.getCaptcha.mockImplementation(async () => {
    pictures += 1;
    return { code: 200, msg: '', captchaEnabled: true, uuid: `uuid-${pictures}`, img: `data:image/svg+xml;base64,${btoa(`<svg id="${pictures}"/>`)}` };
  });

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  vi.resetAllMocks();
  pictures = 0;
  api.sendCode.mockResolvedValue(SENT);
  api.resendCode.mockResolvedValue(SENT);
  api.sendLoginCode.mockResolvedValue(SENT);
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

const typeEmail = async (email: string) => fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
const send = () => fireEvent.click(screen.getByTestId('send-code'));

describe('forgot password with the captcha on', () => {
  it('asks for the picture’s characters before a code is sent, and sends them with its id', async () => {
    captchaOn();
    render(<ForgotPassword onBack={vi.fn()} onDone={vi.fn()} />);
    await typeEmail('noah.king@example.com');
    expect(await screen.findByAltText('Verification code picture')).toBeTruthy();
    send();
    await waitFor(() => expect(screen.getByTestId('login-email-captcha-error').textContent).toBe('Verification code is required'));
    expect(api.sendCode).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: ' ab12 ' } });
    send();
    await waitFor(() => expect(api.sendCode).toHaveBeenCalledWith('noah.king@example.com', { code: 'ab12', uuid: 'uuid-1' }));
    expect(await screen.findByTestId('code-step')).toBeTruthy();
  });

  it('a refused captcha shows the server’s message and a new picture', async () => {
    captchaOn();
    api.sendCode.mockRejectedValueOnce(new RequestError('The verification code is wrong', 400));
    render(<ForgotPassword onBack={vi.fn()} onDone={vi.fn()} />);
    await typeEmail('noah.king@example.com');
    await screen.findByAltText('Verification code picture');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'zzzz' } });
    send();
    expect(await screen.findByText('The verification code is wrong')).toBeTruthy();
    await waitFor(() => expect(api.getCaptcha).toHaveBeenCalledTimes(2));
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
  });

  it('a new code needs a new picture: "Send a new code" goes back to the address, kept, with a fresh captcha', async () => {
    captchaOn();
    render(<ForgotPassword onBack={vi.fn()} onDone={vi.fn()} />);
    await typeEmail('noah.king@example.com');
    await screen.findByAltText('Verification code picture');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'ab12' } });
    send();
    fireEvent.click(await screen.findByTestId('resend-code'));
    expect(((await screen.findByLabelText('E-mail')) as HTMLInputElement).value).toBe('noah.king@example.com');
    await waitFor(() => expect(api.getCaptcha).toHaveBeenCalledTimes(2));
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'cd34' } });
    send();
    await waitFor(() => expect(api.resendCode).toHaveBeenCalledWith('noah.king@example.com', { code: 'cd34', uuid: 'uuid-2' }));
    expect(await screen.findByTestId('code-step')).toBeTruthy();
  });

  it('in Chinese the captcha field and its message are Chinese', async () => {
    captchaOn();
    await changeLanguage('zh');
    render(<ForgotPassword onBack={vi.fn()} onDone={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('邮箱'), { target: { value: 'noah.king@example.com' } });
    await screen.findByAltText('验证码图片');
    send();
    await waitFor(() => expect(screen.getByTestId('login-email-captcha-error').textContent).toBe('验证码不能为空'));
  });
});

describe('e-mail code sign-in', () => {
  it('with the captcha on, sends the address with the captcha', async () => {
    captchaOn();
    render(<EmailCodeSignIn onBack={vi.fn()} />);
    await typeEmail('emma.stone@example.com');
    await screen.findByAltText('Verification code picture');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'xy9z' } });
    send();
    await waitFor(() => expect(api.sendLoginCode).toHaveBeenCalledWith('emma.stone@example.com', { code: 'xy9z', uuid: 'uuid-1' }));
    expect(await screen.findByTestId('code-step')).toBeTruthy();
  });

  it('with the captcha off, shows no captcha and resends from the code step', async () => {
    api.getCaptcha.mockResolvedValue({ code: 200, msg: '', captchaEnabled: false });
    render(<EmailCodeSignIn onBack={vi.fn()} />);
    await typeEmail('emma.stone@example.com');
    await waitFor(() => expect(api.getCaptcha).toHaveBeenCalled());
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    send();
    await waitFor(() => expect(api.sendLoginCode).toHaveBeenCalledWith('emma.stone@example.com', undefined));
    fireEvent.click(await screen.findByTestId('resend-code'));
    await waitFor(() => expect(api.sendLoginCode).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('code-step')).toBeTruthy();
  });
});
