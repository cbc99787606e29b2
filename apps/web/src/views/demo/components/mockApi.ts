import { API_PREFIX, MOCK_SUCCESS_CODE } from '@orbit/shared/constants';
import type { DemoRoute, MockRole } from '@orbit/shared/contract/demo';
import { getToken } from '../../../utils/auth';

/**
 * The template demo's mock endpoints (SPEC §7) answer `{ code: 20000, data }`, which the product's
 * request client (code 200) would refuse; the demo calls them through this small client.
 */
async function mock<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${getToken() ?? ''}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_PREFIX}/vue-element-admin${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as { code?: number; data?: T };
  if (answer.code !== MOCK_SUCCESS_CODE) throw new Error(`mock ${method} ${url}: ${response.status}`);
  return answer.data as T;
}

export type RoleInput = { name: string; description: string; routes: DemoRoute[] };

export const mockApi = {
  routes: () => mock<DemoRoute[]>('GET', '/routes'),
  roles: () => mock<MockRole[]>('GET', '/roles'),
  addRole: (role: RoleInput) => mock<{ key: number }>('POST', '/role', role),
  updateRole: (key: string, role: RoleInput) => mock<{ status: 'success' }>('PUT', `/role/${encodeURIComponent(key)}`, role),
  deleteRole: (key: string) => mock<{ status: 'success' }>('DELETE', `/role/${encodeURIComponent(key)}`),
};
