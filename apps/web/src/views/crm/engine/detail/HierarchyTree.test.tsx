import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hierarchy } from '@orbit/shared/contract/crm';
import { prepareCrmTests, signInOlivia } from '../../../../test/crmFixtures';
import HierarchyTree from './HierarchyTree';
import { toTree } from './hierarchyTree';

const api = vi.hoisted(() => ({ getHierarchy: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);

function renderTree(id: number) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter>
          <HierarchyTree module="account" id={id} />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

// top (out of scope) ← main ← { child ← grandchild, sibling }
const hierarchy: Hierarchy = {
  field: 'parentAccountId',
  currentId: 2,
  truncated: false,
  nodes: [
    { id: 1, parentId: null, depth: 0, name: null },
    { id: 2, parentId: 1, depth: 1, name: 'Main' },
    { id: 3, parentId: 2, depth: 2, name: 'Child' },
    { id: 5, parentId: 2, depth: 2, name: 'Sibling' },
    { id: 4, parentId: 3, depth: 3, name: 'Grandchild' },
  ],
};

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe('the hierarchy view', () => {
  it('builds the tree from the flat nodes, each under its parent', () => {
    const [top] = toTree(hierarchy);
    expect(top!.id).toBe(1);
    expect(top!.children.map((c) => c.id)).toEqual([2]);
    expect(top!.children[0]!.current).toBe(true);
    expect(top!.children[0]!.children.map((c) => [c.id, c.children.map((g) => g.id)])).toEqual([
      [3, [4]],
      [5, []],
    ]);
  });

  it('draws the tree expanded: the current record marked and not a link, the others links, an out-of-scope ancestor without name or link', async () => {
    api.getHierarchy.mockResolvedValue({ code: 200, data: hierarchy });
    renderTree(2);
    const current = await screen.findByTestId('hierarchy-current');
    expect(current.textContent).toContain('Main');
    expect(current.textContent).toContain('this record');
    expect(within(current).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: 'Grandchild' }).getAttribute('href')).toBe('/account/account-detail?flag=detail&id=4');
    expect(screen.getByRole('link', { name: 'Sibling' }).getAttribute('href')).toBe('/account/account-detail?flag=detail&id=5');
    const restricted = screen.getByTestId('hierarchy-restricted-1');
    expect(restricted.textContent).toBe('Restricted record');
    expect(restricted.closest('a')).toBeNull();
    expect(api.getHierarchy).toHaveBeenCalledWith('account', 2);
  });

  it('says when the record stands alone, and when the tree was cut', async () => {
    api.getHierarchy.mockResolvedValueOnce({ code: 200, data: { field: 'parentAccountId', currentId: 9, truncated: false, nodes: [{ id: 9, parentId: null, depth: 0, name: 'Alone' }] } });
    const { unmount } = renderTree(9);
    expect(await screen.findByText('No parent or child records')).toBeTruthy();
    unmount();
    api.getHierarchy.mockResolvedValueOnce({ code: 200, data: { ...hierarchy, truncated: true } });
    renderTree(2);
    expect(await screen.findByText(/too deep or too large/)).toBeTruthy();
  });
});
