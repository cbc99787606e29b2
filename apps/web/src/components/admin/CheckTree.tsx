import { Checkbox, Empty, Space, Tree } from 'antd';
import type { TreeSelectNode } from '@orbit/shared/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allKeys } from './tree';

/** The checked ids plus every ancestor of a checked id: what a linked tree grants. */
export function withAncestors(nodes: TreeSelectNode[], checked: number[]): number[] {
  const result = new Set<number>();
  const wanted = new Set(checked);
  const walk = (node: TreeSelectNode, path: number[]) => {
    if (wanted.has(node.id)) for (const id of [...path, node.id]) result.add(id);
    for (const child of node.children ?? []) walk(child, [...path, node.id]);
  };
  for (const node of nodes) walk(node, []);
  return [...result];
}

type Props = {
  treeData: TreeSelectNode[];
  checked: number[];
  onCheckedChange: (checked: number[]) => void;
  /** Parent and children linked (RuoYi's `menuCheckStrictly` / `deptCheckStrictly` = true). */
  linked: boolean;
  onLinkedChange: (linked: boolean) => void;
  testId?: string;
};

/** A checkable tree (menus of a role, departments of a data scope) with expand, select-all and linkage switches. */
export default function CheckTree({ treeData, checked, onCheckedChange, linked, onLinkedChange, testId }: Props) {
  const { t } = useTranslation();
  const keys = allKeys(treeData, (n) => n.id) as number[];
  // The first level starts open so the tree shows what it holds.
  const [expanded, setExpanded] = useState<React.Key[]>(() => treeData.map((n) => n.id));
  const allChecked = keys.length > 0 && keys.every((k) => checked.includes(k));

  return (
    <div data-testid={testId}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Checkbox checked={expanded.length > 0 && expanded.length >= keys.length} onChange={(e) => setExpanded(e.target.checked ? keys : [])}>
          {t('admin.expandAll')}
        </Checkbox>
        <Checkbox checked={allChecked} onChange={(e) => onCheckedChange(e.target.checked ? keys : [])}>
          {t('admin.checkAll')}
        </Checkbox>
        <Checkbox checked={linked} onChange={(e) => onLinkedChange(e.target.checked)}>
          {t('admin.linkage')}
        </Checkbox>
      </Space>
      <div style={{ border: '1px solid rgba(5,5,5,0.1)', borderRadius: 6, padding: 8, maxHeight: 320, overflow: 'auto' }}>
        {treeData.length ? (
          <Tree<TreeSelectNode>
            checkable
            checkStrictly={!linked}
            treeData={treeData}
            fieldNames={{ key: 'id', title: 'label' }}
            expandedKeys={expanded}
            onExpand={setExpanded}
            checkedKeys={checked}
            onCheck={(value) => onCheckedChange((Array.isArray(value) ? value : value.checked).map(Number))}
            selectable={false}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </div>
    </div>
  );
}
