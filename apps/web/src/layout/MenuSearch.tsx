import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuTitle } from './routes/menuTitle';
import { useMenuSearch } from './routes/useMenuSearch';

/** The top bar's menu search: type part of a title (misspellings allowed), Enter opens the page. */
export default function MenuSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useMenuSearch();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const selectRef = useRef<{ focus: () => void } | null>(null);
  const results = search(query);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  if (!open) {
    return (
      <Tooltip title={t('layout.search')}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label={t('layout.search')}
          data-testid="menu-search"
          onClick={() => {
            setOpen(true);
            setTimeout(() => selectRef.current?.focus());
          }}
        />
      </Tooltip>
    );
  }
  return (
    <div className="app-menu-search">
      <Select
        ref={selectRef as never}
        autoFocus
        defaultOpen
        showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
        value={null}
        placeholder={t('layout.searchPlaceholder')}
        notFoundContent={query ? t('layout.searchEmpty') : null}
        suffixIcon={<SearchOutlined />}
        data-testid="menu-search-input"
        options={results.map((entry) => ({
          value: entry.path,
          // "Dashboard > Dashboard" reads as just "Dashboard".
          label: [...entry.page.parents, entry.page]
            .map((p) => menuTitle(p))
            .filter((title, i, all) => title !== all[i + 1])
            .join(' > '),
        }))}
        onSelect={(path: string | null) => {
          if (!path) return;
          close();
          navigate(path);
        }}
        onBlur={close}
      />
    </div>
  );
}
