import { CAPTCHA_TIMEOUT_MS } from '@orbit/shared/constants';
import type { CaptchaResponse, GetInfoResponse, GetRoutersResponse, LoginResponse } from '@orbit/shared/contract/auth';
import { request } from './request';

type Ok = { code: number; msg: string };

export const getCaptcha = () => request<CaptchaResponse>({ url: '/captchaImage', isToken: false, timeout: CAPTCHA_TIMEOUT_MS });

export const login = (data: { username: string; password: string; code?: string; uuid?: string }) =>
  request<LoginResponse>({ url: '/login', method: 'POST', data, isToken: false });

export const getInfo = () => request<GetInfoResponse>({ url: '/getInfo' });
// A refused menu says so in the menu-load message (store/session.ts), not the server's as well.
export const getRouters = () => request<GetRoutersResponse>({ url: '/getRouters', showError: false });
export const logout = () => request<Ok>({ url: '/logout', method: 'POST' });

/** Every request that has a code mailed carries the captcha when the server asks for one (`code`, `uuid`, as /login). */
type Captcha = { code: string; uuid?: string };

export const sendCode = (email: string, captcha?: Captcha) => request<Ok>({ url: '/sendCode', params: { email, ...captcha }, isToken: false });
export const resendCode = (email: string, captcha?: Captcha) => request<Ok>({ url: '/resendCode', params: { email, ...captcha }, isToken: false });
export const checkCode = (data: { email: string; code: string }) => request<Ok>({ url: '/checkCode', method: 'POST', data, isToken: false });
export const resetPwd = (data: { email: string; code: string; password: string }) =>
  request<Ok>({ url: '/resetPwd', method: 'PUT', data, isToken: false });

export const sendLoginCode = (email: string, captcha?: Captcha) => request<Ok>({ url: '/email', method: 'POST', data: { email, ...captcha }, isToken: false });
export const switchLogin = (data: { email: string; code: string }) =>
  request<LoginResponse>({ url: '/switchLogin', method: 'POST', data, isToken: false });

export const updatePwd = (data: { oldPassword: string; newPassword: string }) =>
  request<Ok>({ url: '/system/user/profile/updatePwd', method: 'PUT', data });
export const postponePasswordChange = () => request<Ok>({ url: '/system/user/unResetPwd' });
