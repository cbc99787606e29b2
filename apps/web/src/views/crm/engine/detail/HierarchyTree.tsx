import { ApartmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getHierarchy } from '../../../../api/crm';
import LoadError from '../../../../components/admin/LoadError';
import RestrictedRecord from '../RestrictedRecord';
import { useRecordLink } from '../useRecordLink';
import { toTree, type TreeNode } from './hierarchyTree';
import { relatedListsKey } from './RelatedList';

type Props = { module: CrmModule; id: number };

/**
 * The tree a record sits in (parent account, parent campaign), from its top ancestor down: every
 * record the caller may open is a link, the current one is marked, and a record outside their
 * scope that connects the tree shows as every restricted record does: "Restricted record", no link.
 */
export default function HierarchyTree({ module, id }: Props) {
  const { t } = useTranslation();
  const recordLink = useRecordLink();
  // Under the related lists' key, so it is fetched again after the record changes (a new parent).
  const hierarchy = useQuery({ queryKey: [`${relatedListsKey(module, id)}hierarchy`], queryFn: async () => (await getHierarchy(module, id)).data, staleTime: 0 });

  const toData = (node: TreeNode): DataNode => {
    const href = node.name === null || node.current ? null : recordLink(module, node.id);
    const label =
      node.name === null ? (
        <span data-testid={`hierarchy-restricted-${node.id}`}>
          <RestrictedRecord />
        </span>
      ) : node.current ? (
        <span className="crm-hierarchy-current" data-testid="hierarchy-current">
          <Typography.Text strong>{node.name}</Typography.Text> <Tag color="blue">{t('crm.hierarchy.current')}</Tag>
        </span>
      ) : href ? (
        <Link to={href} data-testid={`hierarchy-node-${node.id}`}>
          {node.name}
        </Link>
      ) : (
        <span data-testid={`hierarchy-node-${node.id}`}>{node.name}</span>
      );
    return { key: node.id, title: label, children: node.children.map(toData) };
  };

  const data = hierarchy.data;
  const roots = data ? toTree(data) : [];
  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t('crm.hierarchy.title')}
        </span>
      }
      className="crm-detail-section"
      data-testid="record-hierarchy"
    >
      {hierarchy.isError ? (
        <LoadError onRetry={() => void hierarchy.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : data.nodes.length <= 1 ? (
        <Typography.Text type="secondary">{t('crm.hierarchy.alone')}</Typography.Text>
      ) : (
        <>
          {data.truncated && <Alert type="info" showIcon title={t('crm.hierarchy.truncated')} style={{ marginBottom: 8 }} />}
          <Tree showLine defaultExpandAll selectable={false} treeData={roots.map(toData)} />
        </>
      )}
    </Card>
  );
}
