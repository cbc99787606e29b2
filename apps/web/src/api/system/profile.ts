import type { ChangeEmailBody, ConfirmEmailBody, ProfileAnswer, UpdateProfileBody } from '@orbit/shared/contract/user';
import { request } from '../request';

export const getProfile = () => request<ProfileAnswer>({ url: '/system/user/profile' });
export const updateProfile = (data: UpdateProfileBody) => request({ url: '/system/user/profile', method: 'PUT', data });

/** E-mail change, step one: the current password and the new address; a code goes to that address. */
export const requestEmailChange = (data: ChangeEmailBody) => request<{ msg: string }>({ url: '/system/user/profile/email', method: 'POST', data });
/** Step two: the code from that mail. */
export const confirmEmailChange = (data: ConfirmEmailBody) => request({ url: '/system/user/profile/email', method: 'PUT', data });

/** Passwords go in the body so that they stay out of URLs and logs. */
export const updatePassword = (oldPassword: string, newPassword: string) =>
  request({ url: '/system/user/profile/updatePwd', method: 'PUT', data: { oldPassword, newPassword } });

export const uploadAvatar = (file: Blob, fileName: string) => {
  const data = new FormData();
  data.append('avatarfile', file, fileName);
  return request<{ imgUrl: string }>({ url: '/system/user/profile/avatar', method: 'POST', data });
};
