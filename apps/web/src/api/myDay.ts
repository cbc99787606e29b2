import type { MyDay } from '@orbit/shared/contract/myDay';
import { request } from './request';

/** The signed-in user's day (GET /crm/my-day). */
export const getMyDay = () => request<{ code: number; msg: string; data: MyDay }>({ url: '/crm/my-day' });
