import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, Spin, Tooltip, Typography, type SelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeKeyboardOverlay, keyboardOverlayStore, openKeyboardOverlay } from '../store/keyboardOverlay';
import { useRecordLink } from '../views/crm/engine/useRecordLink';
import { keyLabel, MOD_K } from './keys/keymap';
import { matchCommands, type PaletteCommand } from './keys/paletteCommands';
import { usePaletteCommands } from './keys/usePaletteCommands';
import { SEARCH_RESULTS_PATH } from './routes/constantPages';
import { menuTitle } from './routes/menuTitle';
import { searchGroups, userRecordGroups, type SearchItem } from './routes/searchGroups';
import { loadMenuSearch, useMenuSearch } from './routes/useMenuSearch';
import { useRecordSearch } from './routes/useRecordSearch';
import { useFavourites, useRecentRecords } from './routes/useUserRecords';

/** Value prefix of a command's option (pages and records have paths, which start with `/`). */
const COMMAND = 'command:';

/**
 * The top bar's search, and the command palette (Ctrl/⌘ K): type part of a page's title
 * (misspellings allowed), of a record's name, company, e-mail or phone, or of a command ("new
 * lead", "go to opportunities", "switch language"); Enter opens the page or record, or runs the
 * command. Before anything is typed it offers the user's favourites, recently viewed records and
 * the commands.
 */
export default function MenuSearch() {
  const { t } = useTranslation();
  const open = keyboardOverlayStore.use() === 'palette';
  if (open) return <SearchPalette onClose={closeKeyboardOverlay} />;
  return (
    <Tooltip title={`${t('layout.search')} (${keyLabel(MOD_K)})`}>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('layout.search')}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="menu-search"
        // The fuzzy matcher loads while the pointer is on its way.
        onPointerEnter={() => void loadMenuSearch().catch(() => undefined)}
        onFocus={() => void loadMenuSearch().catch(() => undefined)}
        onClick={() => openKeyboardOverlay('palette')}
      />
    </Tooltip>
  );
}

/** A command as an option: its name, and its shortcut when it has one. */
function commandOption(command: PaletteCommand, name: string) {
  return {
    value: `${COMMAND}${command.id}`,
    label: (
      <span className="app-search-command">
        <span>{name}</span>
        {command.keys && (
          <span className="app-search-keys">
            {command.keys.map((key) => (
              <kbd key={key}>{keyLabel(key)}</kbd>
            ))}
          </span>
        )}
      </span>
    ),
  };
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
  const palette = usePaletteCommands();
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
  const commands = matchCommands(palette.commands, query, palette.namesOf);
  const commandGroup = commands.length ? [{ label: t('keys.commands'), title: 'commands', options: commands.map((command) => commandOption(command, palette.nameOf(command))) }] : [];
  // Pages alone read as before; with records or commands, each kind of result has its heading
  // (antd's group headings, which cannot be picked). What was typed puts the commands it names
  // first; before typing they follow the user's records.
  const options: SelectProps['options'] =
    groups.length === 1 && groups[0]!.key === 'pages' && !commandGroup.length
      ? groups[0]!.items.map(option)
      : [
          ...(typed ? commandGroup : []),
          ...groups.map((group) => ({ label: group.label, title: group.key, options: group.items.map(option) })),
          ...(typed ? [] : commandGroup),
        ];
  const byValue = new Map(commands.map((command) => [`${COMMAND}${command.id}`, command]));

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
        // On a phone the list spans the screen (layout.css): under the top bar's right end it would overflow.
        classNames={{ popup: { root: 'app-search-popup' } }}
        placement="bottomRight"
        notFoundContent={records.searching || (!typed && (favourites.isLoading || recent.isLoading)) ? <Spin size="small" /> : typed ? t('layout.searchNothing') : null}
        suffixIcon={<SearchOutlined />}
        data-testid="menu-search-input"
        options={options}
        onSelect={(value: string | null) => {
          if (!value) return;
          onClose();
          const command = byValue.get(value);
          if (command) palette.run(command);
          else navigate(value);
        }}
        onBlur={onClose}
      />
    </div>
  );
}
