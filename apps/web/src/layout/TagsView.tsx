import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { closeAllViews, closeOtherViews, closeView, refreshView, tagsStore, type VisitedView } from '../store/tagsView';
import { HOME_PATH } from './routes/constantPages';
import { menuTitle } from './routes/menuTitle';
import { resolvePath } from './routes/resolvePath';
import { useMenuModel } from './routes/useMenuModel';

/**
 * Tabs of visited pages. Right-click: refresh, close, close others, close all. Pinned (affix) tabs
 * have no close button and survive "close all".
 */
export default function TagsView() {
  const views = tagsStore.use();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const model = useMenuModel();
  const { t } = useTranslation();
  const resolution = resolvePath(pathname, model);
  const activePath = resolution.kind === 'page' ? resolution.page.fullPath : null;
  const activeRef = useRef<HTMLSpanElement | null>(null);

  // Block body: newer browsers return a promise from scrollIntoView, which an effect must not return.
  useEffect(() => {
    void activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activePath]);

  const goToLast = (remaining: VisitedView[]) => navigate(remaining.at(-1)?.fullPath ?? HOME_PATH);

  const handleClose = (view: VisitedView) => {
    const remaining = closeView(view.path);
    if (view.path === activePath) goToLast(remaining);
  };
  const handleCloseOthers = (view: VisitedView) => {
    closeOtherViews(view.path);
    if (view.path !== activePath) navigate(view.fullPath);
  };
  const handleCloseAll = (view: VisitedView) => {
    closeAllViews();
    const remaining = tagsStore.get();
    if (!remaining.some((v) => v.path === activePath) || view.path !== activePath) goToLast(remaining);
  };
  const handleRefresh = (view: VisitedView) => {
    refreshView(view.path);
    if (view.path !== activePath) navigate(view.fullPath);
  };

  return (
    <div className="app-tags" data-testid="tags-view" role="tablist">
      {views.map((view) => {
        const active = view.path === activePath;
        return (
          <Dropdown
            key={view.path}
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
              data-affix={view.affix ? 'true' : 'false'}
              onClick={() => navigate(view.fullPath)}
              onMouseUp={(e) => {
                if (e.button === 1 && !view.affix) handleClose(view);
              }}
            >
              {menuTitle(view)}
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
