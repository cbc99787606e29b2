import { useQuery } from '@tanstack/react-query';
import { Input, Skeleton, Tree } from 'antd';
import type { TreeSelectNode } from '@orbit/shared/contract/common';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDeptTree } from '../../../../api/system/user';
import LoadError from '../../../../components/admin/LoadError';
import { allKeys } from '../../../../components/admin/tree';

/** Keeps the branches that contain the text (matching nodes keep their whole subtree). */
export function filterTree(nodes: TreeSelectNode[], text: string): TreeSelectNode[] {
  if (!text) return nodes;
  const needle = text.toLowerCase();
  return nodes.flatMap((node) => {
    if (node.label.toLowerCase().includes(needle)) return [node];
    const children = filterTree(node.children ?? [], text);
    return children.length ? [{ ...node, children }] : [];
  });
}

type Props = { selected?: number; onSelect: (deptId: number | undefined) => void };

/** The department tree beside the user list: clicking a department filters the list by it and its sub-departments. */
export default function DeptTreePanel({ selected, onSelect }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useQuery({ queryKey: ['system-user-dept-tree'], queryFn: async () => (await getDeptTree()).data });
  const nodes = useMemo(() => filterTree(query.data ?? [], text.trim()), [query.data, text]);

  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <div data-testid="dept-tree">
      <Input.Search allowClear placeholder={t('user.deptSearch')} value={text} onChange={(e) => setText(e.target.value)} style={{ marginBottom: 8 }} />
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <Tree<TreeSelectNode>
          key={text /* re-expand when the filter changes */}
          treeData={nodes}
          fieldNames={{ key: 'id', title: 'label' }}
          defaultExpandedKeys={allKeys(nodes, (n) => n.id)}
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
          blockNode
        />
      )}
    </div>
  );
}
