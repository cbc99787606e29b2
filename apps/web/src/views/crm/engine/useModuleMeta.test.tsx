import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { metaVersionSeen } from '../../../api/crm';
import { loadAllTexts } from '../../../i18n/i18n';
import { leadsMeta } from '../../../test/crmFixtures';
import { useModuleMeta } from './useModuleMeta';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn() }));
vi.mock('../../../api/crm', async (importOriginal) => ({ ...(await importOriginal<object>()), getModuleMeta: api.getModuleMeta }));

beforeAll(async () => {
  await loadAllTexts();
});

describe('useModuleMeta', () => {
  it('fetches the metadata once, and again when an answer carries a newer Meta-Version', async () => {
    api.getModuleMeta.mockResolvedValueOnce({ code: 200, data: leadsMeta }).mockResolvedValueOnce({ code: 200, data: { ...leadsMeta, version: 2 } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => [useModuleMeta('leads'), useModuleMeta('leads')] as const, { wrapper });
    await waitFor(() => expect(result.current[0].data?.version).toBe(1));
    act(() => metaVersionSeen.set(1));
    expect(api.getModuleMeta).toHaveBeenCalledTimes(1);

    act(() => metaVersionSeen.set(2));
    await waitFor(() => expect(result.current[1].data?.version).toBe(2));
    // Two readers, one refetch.
    expect(api.getModuleMeta).toHaveBeenCalledTimes(2);
  });
});
