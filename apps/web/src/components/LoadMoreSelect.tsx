import { Select, Spin, type SelectProps } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@orbit/shared/constants';
import { shouldLoadMore } from './shouldLoadMore';

/** An option; `extra`: what tells it apart from others of the same name, shown beside it by a caller's `optionRender`. */
export type LoadMoreOption = { label: React.ReactNode; value: string | number; extra?: string };
export type LoadMorePage = { options: LoadMoreOption[]; total: number };

type Props = Omit<SelectProps, 'options' | 'onPopupScroll' | 'loading' | 'showSearch'> & {
  /** Fetches one page of options for a search text. */
  fetchPage: (query: { pageNum: number; pageSize: number; keyword: string }) => Promise<LoadMorePage>;
  pageSize?: number;
};

/**
 * A dropdown whose options come page by page from the server: the first page when it first opens
 * (a form of five lookups asks for nothing until one is opened; the chosen values show their names
 * through `labelInValue`), the next when the list is scrolled to its end (SPEC §9); typing searches
 * on the server from the first page again.
 */
export default function LoadMoreSelect({ fetchPage, pageSize = DEFAULT_PAGE_SIZE, onOpenChange, ...props }: Props) {
  const [options, setOptions] = useState<LoadMoreOption[]>([]);
  const [total, setTotal] = useState(0);
  // Opened once: from then on the options follow the search text. Until then the spinner is what
  // an opening shows, not "No data" for the moment before the request goes out.
  const [opened, setOpened] = useState(Boolean(props.open ?? props.defaultOpen));
  const [loading, setLoading] = useState(opened);
  const [keyword, setKeyword] = useState('');
  const pageNum = useRef(0);
  const request = useRef(0);
  // The latest fetchPage, so that a caller passing a new function on every render does not send
  // the list back to its first page.
  const fetchLatest = useRef(fetchPage);
  useLayoutEffect(() => {
    fetchLatest.current = fetchPage;
  });

  const load = useCallback(
    async (reset: boolean, text: string) => {
      const ticket = ++request.current;
      const next = reset ? 1 : pageNum.current + 1;
      setLoading(true);
      try {
        const page = await fetchLatest.current({ pageNum: next, pageSize, keyword: text });
        if (ticket !== request.current) return; // an older search answered late
        pageNum.current = next;
        setTotal(page.total);
        setOptions((current) => (reset ? page.options : [...current, ...page.options.filter((o) => !current.some((c) => c.value === o.value))]));
      } catch {
        // The request client has told the user what needs telling; the list keeps what it has.
      } finally {
        if (ticket === request.current) setLoading(false);
      }
    },
    [pageSize],
  );

  const openedNow = opened || Boolean(props.open);
  useEffect(() => {
    if (!openedNow) return;
    const timer = setTimeout(() => void load(true, keyword), keyword ? 300 : 0);
    return () => clearTimeout(timer);
  }, [openedNow, keyword, load]);

  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={options}
      loading={loading}
      onOpenChange={(open) => {
        if (open && !openedNow) {
          setOpened(true);
          setLoading(true);
        }
        onOpenChange?.(open);
      }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onPopupScroll={(event) => {
        if (shouldLoadMore(event.currentTarget, { loaded: options.length, total, loading })) void load(false, keyword);
      }}
    />
  );
}
