import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loadMaxTabs } from '../store/maxTabs';
import { closeAllViews, closeOtherViews, closeView, refreshView, tabKeyOf, tagsStore, type VisitedView } from '../store/tagsView';
import { HOME_PATH } from './routes/constantPages';
import { menuTitle } from './routes/menuTitle';
import { resolvePath } from './routes/resolvePath';
import { useMenuModel } from './routes/useMenuModel';

/**
 * Tabs of visited pages, one per page and one per record of a record page, named by the page
 * (usePageTitle) or its menu entry. Right-click: refresh, close, close others, close all. Pinned
 * (affix) tabs have no close button and survive "close all". The strip scrolls sideways and keeps
 * the active tab in view; the setting `sys.tabs.max` caps how many are open (PageHost).
 */
export default function TagsView() {
  const views = tagsStore.use();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const model = useMenuModel();
  const { t } = useTranslation();
  const resolution = resolvePath(pathname, model);
  const activeKey = resolution.kind === 'page' ? tabKeyOf(resolution.page.fullPath, search) : null;
  const activeRef = useRef<HTMLSpanElement | null>(null);

  useEffect(() => void loadMaxTabs(), []);
  // After every change of the tabs too: the active tab's label arrives after it opened (usePageTitle).
  // In the next frame, not in the effect: scrolling needs the page's layout, which the effect would
  // compute in the middle of the commits of a full load (~70 ms, computed again for the frame after
  // the page's next commit, bench/pageLoad.ts); just before the frame it is the layout the frame draws.
  useEffect(() => {
    const frame = requestAnimationFrame(() => void activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [activeKey, views]);

  const goToLast = (remaining: VisitedView[]) => navigate(remaining.at(-1)?.fullPath ?? HOME_PATH);

  const handleClose = (view: VisitedView) => {
    const remaining = closeView(view.key);
    if (view.key === activeKey) goToLast(remaining);
  };
  const handleCloseOthers = (view: VisitedView) => {
    closeOtherViews(view.key);
    if (view.key !== activeKey) navigate(view.fullPath);
  };
  const handleCloseAll = (view: VisitedView) => {
    closeAllViews();
    const remaining = tagsStore.get();
    if (!remaining.some((v) => v.key === activeKey) || view.key !== activeKey) goToLast(remaining);
  };
  const handleRefresh = (view: VisitedView) => {
    refreshView(view.key);
    if (view.key !== activeKey) navigate(view.fullPath);
  };

  return (
    <div className="app-tags" data-testid="tags-view" role="tablist">
      {views.map((view) => {
        const active = view.key === activeKey;
        return (
          <Dropdown
            key={view.key}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: t('layout.tags.refresh') },
                { key: 'close', label: t('layout.tags.close'), disabled: view.affix },
                { key: 'others', label: t('layout.tags.closeOthers') },
                { key: 'all', label: t('layout.tags.closeAll') },
              ],
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'refresh') handleRefresh(view);
                else if (key === 'close') handleClose(view);
                else if (key === 'others') handleCloseOthers(view);
                else handleCloseAll(view);
              },
            }}
          >
            <span
              ref={active ? activeRef : undefined}
              role="tab"
              aria-selected={active}
              className={`app-tag${active ? ' active' : ''}`}
              data-testid="tag"
              data-path={view.path}
              data-key={view.key}
              data-affix={view.affix ? 'true' : 'false'}
              onClick={() => navigate(view.fullPath)}
              onMouseUp={(e) => {
                if (e.button === 1 && !view.affix) handleClose(view);
              }}
            >
              <span className="app-tag-label">{view.label ?? menuTitle(view)}</span>
              {!view.affix && (
                <CloseOutlined
                  className="app-tag-close"
                  aria-label={t('layout.tags.close')}
                  data-testid="tag-close"
                  onClick={(e) => {
                    e.stopPropagation();
                    handleClose(view);
                  }}
                />
              )}
            </span>
          </Dropdown>
        );
      })}
    </div>
  );
}
