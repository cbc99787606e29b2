import { Card, Empty, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuTitle } from '../../layout/routes/menuTitle';
import { useMenuSearch } from '../../layout/routes/useMenuSearch';

/** Search (route name Search): the menu search on a page of its own. */
export default function SearchPage() {
  const { t } = useTranslation();
  const search = useMenuSearch();
  const [query, setQuery] = useState('');
  const results = search(query);
  return (
    <Card variant="borderless">
      <Input.Search autoFocus allowClear size="large" placeholder={t('layout.searchPlaceholder')} onChange={(e) => setQuery(e.target.value)} style={{ maxWidth: 480, marginBottom: 16 }} />
      {query.trim() && results.length === 0 ? (
        <Empty description={t('layout.searchEmpty')} />
      ) : (
        <List
          dataSource={results}
          renderItem={(entry) => (
            <List.Item>
              <Link to={entry.path}>{menuTitle(entry.page)}</Link>
              <Typography.Text type="secondary">{entry.page.parents.map((p) => menuTitle(p)).join(' / ')}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
