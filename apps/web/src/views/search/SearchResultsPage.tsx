import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, List, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { searchResults } from '../../api/crmSearch';
import { keyDetailsLine } from '../../layout/routes/searchGroups';
import { RECORD_SEARCH_MIN } from '../../layout/routes/useRecordSearch';
import { useRecordLink } from '../crm/engine/useRecordLink';

const PAGE_SIZE = 20;

/**
 * The global search's full results (route SearchResults, `?q=`): a tab per module the user may
 * list with its count ("500+" past the cap the server reads and ranks), and that module's hits in
 * rank order, page by page up to that cap, each opening its record.
 */
export default function SearchResultsPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const recordLink = useRecordLink();
  const [module, setModule] = useState<CrmModule | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const asked = q.length >= RECORD_SEARCH_MIN;
  const found = useQuery({
    queryKey: ['crm-search-results', q, module, pageNum, i18n.language],
    queryFn: async () => (await searchResults({ q, module, pageNum, pageSize: PAGE_SIZE })).data,
    enabled: asked,
    placeholderData: keepPreviousData,
  });
  const data = found.data;
  const anyHits = data?.counts.some((c) => c.total > 0);

  let body;
  if (!asked) body = <Empty description={t('layout.searchResults.needQuery')} />;
  else if (found.isError) body = <Alert type="error" showIcon message={t('layout.searchResults.failed')} />;
  else if (data && !anyHits) body = <Empty description={t('layout.searchResults.none', { q })} />;
  else
    body = (
      <Tabs
        activeKey={data?.module ?? undefined}
        onChange={(key) => {
          setModule(key as CrmModule);
          setPageNum(1);
        }}
        items={(data?.counts ?? []).map((c) => ({
          key: c.module,
          label: `${t(`crm.module.${c.module}`)} (${c.capped ? t('layout.searchResults.moreThan', { count: c.total }) : c.total})`,
        }))}
      />
    );

  return (
    <Card variant="borderless" data-testid="search-results">
      <Typography.Title level={4}>{asked ? t('layout.searchResults.for', { q }) : t('layout.searchResults.title')}</Typography.Title>
      {body}
      {asked && !found.isError && (found.isLoading || anyHits) ? (
        <List
          loading={found.isFetching}
          dataSource={data?.rows ?? []}
          pagination={
            data && data.total > PAGE_SIZE ? { current: pageNum, pageSize: PAGE_SIZE, total: data.total, showSizeChanger: false, onChange: setPageNum } : false
          }
          renderItem={(hit) => {
            const path = recordLink(hit.module, hit.id);
            const title = hit.label || `#${hit.id}`;
            return (
              <List.Item data-testid="search-result">
                <List.Item.Meta title={path ? <Link to={path}>{title}</Link> : title} description={keyDetailsLine(hit)} />
              </List.Item>
            );
          }}
        />
      ) : null}
    </Card>
  );
}
