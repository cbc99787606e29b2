import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../../../api/request';
import { changeLanguage, loadAllTexts } from '../../../../../i18n/i18n';
import { renderWithProviders } from '../../../../../test/renderWithProviders';
import EmailChangeDialog from './EmailChangeDialog';

const auth = vi.hoisted(() => ({ getCaptcha: vi.fn() }));
vi.mock('../../../../../api/auth', () => auth);
let pictures = 0;
const captchaOn = () =>
  auth.getCaptcha.mockImplementation(async () => {
    pictures += 1;
    return { code: 200, msg: '', captchaEnabled: true, uuid: `uuid-${pictures}`, img: `data:image/svg+xml;base64,${btoa(`<svg id="${pictures}"/>`)}` };
  });

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  pictures = 0;
  auth.getCaptcha.mockReset();
  auth.getCaptcha.mockResolvedValue({ code: 200, msg: '', captchaEnabled: false });
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

function renderDialog(onRequest = vi.fn(), onConfirm = vi.fn()) {
  const onClose = vi.fn();
  renderWithProviders(<EmailChangeDialog open onClose={onClose} onRequest={onRequest} onConfirm={onConfirm} />);
  return { onRequest, onConfirm, onClose };
}

describe('EmailChangeDialog', () => {
  it('asks for the new address and the current password, then for the code mailed there', async () => {
    const { onRequest, onConfirm, onClose } = renderDialog(
      vi.fn().mockResolvedValue({ msg: 'A code has been sent to mia.new@example.com: enter it to confirm the change' }),
      vi.fn().mockResolvedValue({ code: 200 }),
    );
    fireEvent.change(await screen.findByLabelText('New e-mail address'), { target: { value: 'mia.new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(onRequest).toHaveBeenCalledWith({ email: 'mia.new@example.com', password: 'my-password' }));

    expect(await screen.findByText('A code has been sent to mia.new@example.com: enter it to confirm the change')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ email: 'mia.new@example.com', code: '123456' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('checks the fields before sending, with the server’s messages', async () => {
    const { onRequest } = renderDialog();
    fireEvent.change(await screen.findByLabelText('New e-mail address'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('wrong format')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(onRequest).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal on its field: a wrong password stays on the first step', async () => {
    const onRequest = vi.fn().mockRejectedValue(new RequestError('The password is wrong', 400, { password: 'The password is wrong' }));
    renderDialog(onRequest);
    fireEvent.change(await screen.findByLabelText('New e-mail address'), { target: { value: 'mia.new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The password is wrong')).toBeTruthy();
    expect(screen.queryByLabelText('Code from the e-mail')).toBeNull();
  });

  it('with the captcha on, asks for the picture’s characters and sends them with its id', async () => {
    captchaOn();
    const { onRequest } = renderDialog(vi.fn().mockResolvedValue({ msg: 'A code has been sent to mia.new@example.com: enter it to confirm the change' }));
    fireEvent.change(await screen.findByLabelText('New e-mail address'), { target: { value: 'mia.new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my-password' } });
    expect(await screen.findByAltText('Verification code picture')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Verification code is required')).toBeTruthy();
    expect(onRequest).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: ' k7pq ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(onRequest).toHaveBeenCalledWith({ email: 'mia.new@example.com', password: 'my-password', code: 'k7pq', uuid: 'uuid-1' }));
    expect(await screen.findByLabelText('Code from the e-mail')).toBeTruthy();
  });

  it('with the captcha on, a refusal brings a new picture (a captcha is used once)', async () => {
    captchaOn();
    const onRequest = vi.fn().mockRejectedValue(new RequestError('The verification code is wrong', 400));
    renderDialog(onRequest);
    fireEvent.change(await screen.findByLabelText('New e-mail address'), { target: { value: 'mia.new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my-password' } });
    await screen.findByAltText('Verification code picture');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(onRequest).toHaveBeenCalled());
    await waitFor(() => expect(auth.getCaptcha).toHaveBeenCalledTimes(2));
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    renderDialog();
    expect(await screen.findByLabelText('新邮箱')).toBeTruthy();
    expect(screen.getByLabelText('当前密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '发送验证码' })).toBeTruthy();
  });
});
