import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, Spin, Tooltip, Typography, type SelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRecordLink } from '../views/crm/engine/useRecordLink';
import { SEARCH_RESULTS_PATH } from './routes/constantPages';
import { menuTitle } from './routes/menuTitle';
import { searchGroups, userRecordGroups, type SearchItem } from './routes/searchGroups';
import { loadFuse, useMenuSearch } from './routes/useMenuSearch';
import { useRecordSearch } from './routes/useRecordSearch';
import { useFavourites, useRecentRecords } from './routes/useUserRecords';

/**
 * The top bar's search: type part of a page's title (misspellings allowed) or of a record's name,
 * company, e-mail or phone; Enter opens the page or the record's detail page. Before anything is
 * typed it offers the user's favourites and recently viewed records.
 */
export default function MenuSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open) return <SearchPalette onClose={() => setOpen(false)} />;
  return (
    <Tooltip title={t('layout.search')}>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('layout.search')}
        data-testid="menu-search"
        // The fuzzy matcher loads while the pointer is on its way.
        onPointerEnter={() => void loadFuse().catch(() => undefined)}
        onFocus={() => void loadFuse().catch(() => undefined)}
        onClick={() => setOpen(true)}
      />
    </Tooltip>
  );
}

function SearchPalette({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const searchPages = useMenuSearch();
  const recordLink = useRecordLink();
  const [query, setQuery] = useState('');
  const selectRef = useRef<{ focus: () => void } | null>(null);
  const records = useRecordSearch(query);
  const favourites = useFavourites();
  const recent = useRecentRecords();
  useEffect(() => selectRef.current?.focus(), []);

  const pages: SearchItem[] = searchPages(query).map((entry) => ({
    path: entry.path,
    // "Dashboard > Dashboard" reads as just "Dashboard".
    title: [...entry.page.parents, entry.page]
      .map((p) => menuTitle(p))
      .filter((title, i, all) => title !== all[i + 1])
      .join(' > '),
  }));
  const typed = query.trim() !== '';
  const groups = typed
    ? searchGroups({
        pages,
        hits: records.hits,
        linkOf: recordLink,
        label: (key) => (key === 'pages' ? t('layout.searchPages') : t('layout.searchRecords')),
        allResults: { path: `${SEARCH_RESULTS_PATH}?q=${encodeURIComponent(query.trim())}`, title: t('layout.searchAll') },
      })
    : userRecordGroups({
        favourites: favourites.data ?? [],
        recent: recent.data ?? [],
        linkOf: recordLink,
        label: (key) => (key === 'favourites' ? t('layout.searchFavourites') : t('layout.searchRecent')),
      });
  const option = (item: SearchItem) => ({
    value: item.path,
    label: item.detail || item.module ? (
      <div className="app-search-hit">
        <span>
          {item.title}
          {item.module ? <Typography.Text type="secondary"> · {t(`crm.module.${item.module}`)}</Typography.Text> : null}
        </span>
        <Typography.Text type="secondary" ellipsis>
          {item.detail}
        </Typography.Text>
      </div>
    ) : (
      item.title
    ),
  });
  // Pages alone read as before; with records, each kind of result has its heading.
  const options: SelectProps['options'] =
    groups.length === 1 && groups[0]!.key === 'pages'
      ? groups[0]!.items.map(option)
      : groups.map((group) => ({ label: group.label, title: group.key, options: group.items.map(option) }));

  return (
    <div className="app-menu-search">
      <Select
        ref={selectRef as never}
        autoFocus
        defaultOpen
        showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
        value={null}
        placeholder={t('layout.searchPlaceholderAll')}
        popupMatchSelectWidth={380}
        placement="bottomRight"
        notFoundContent={records.searching || (!typed && (favourites.isLoading || recent.isLoading)) ? <Spin size="small" /> : typed ? t('layout.searchNothing') : null}
        suffixIcon={<SearchOutlined />}
        data-testid="menu-search-input"
        options={options}
        onSelect={(path: string | null) => {
          if (!path) return;
          onClose();
          navigate(path);
        }}
        onBlur={onClose}
      />
    </div>
  );
}
