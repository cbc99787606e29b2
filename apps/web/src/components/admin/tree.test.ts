import { describe, expect, it } from 'vitest';
import { withAncestors } from './CheckTree';
import { allKeys, nestByParent } from './tree';

const flat = [
  { id: 1, parentId: 0, name: 'Head' },
  { id: 2, parentId: 1, name: 'East' },
  { id: 3, parentId: 2, name: 'Key' },
  { id: 4, parentId: 1, name: 'West' },
];

describe('tree helpers', () => {
  it('nests a flat list by parent id and lists every key', () => {
    const tree = nestByParent(flat, 'id', 'parentId');
    expect(tree).toHaveLength(1);
    expect(tree[0]?.children?.map((c) => c.name)).toEqual(['East', 'West']);
    expect(allKeys(tree, (n) => n.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps orphans (a filtered list) as roots', () => {
    expect(nestByParent([flat[2]!, flat[3]!], 'id', 'parentId').map((n) => n.name)).toEqual(['Key', 'West']);
  });

  it('adds the ancestors of checked nodes for a linked tree', () => {
    const tree = [{ id: 1, label: 'Head', children: [{ id: 2, label: 'East', children: [{ id: 3, label: 'Key' }] }, { id: 4, label: 'West' }] }];
    expect(withAncestors(tree, [3]).sort()).toEqual([1, 2, 3]);
    expect(withAncestors(tree, [4, 3]).sort()).toEqual([1, 2, 3, 4]);
    expect(withAncestors(tree, [])).toEqual([]);
  });
});
