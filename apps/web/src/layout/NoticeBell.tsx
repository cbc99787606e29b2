import { NotificationOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopNotice } from '@orbit/shared/contract/notice';
import { formatTime } from '../components/admin/formatTime';
import DictTag from '../components/dict/DictTag';
import { useDict } from '../components/dict/useDict';
import NavbarBell from './NavbarBell';
import { useNoticeBell } from './useNoticeBell';

/**
 * The navbar's notice bell: how many notices addressed to the user are unread, and, opened, the
 * newest of them (type, title, author, time), unread ones marked. A click shows the notice and
 * marks it read; "Mark all read" marks every notice addressed to the user.
 */
export default function NoticeBell() {
  const { t } = useTranslation();
  const { notices, markRead, markAllRead } = useNoticeBell();
  const dict = useDict('sys_notice_type');
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<TopNotice | null>(null);
  const unread = notices.data?.unreadCount ?? 0;
  const rows = notices.data?.data ?? [];
  const state = notices.isError ? 'error' : notices.isLoading ? 'loading' : rows.length ? 'ready' : 'empty';

  const show = (notice: TopNotice) => {
    if (!notice.isRead) markRead.mutate(notice.noticeId);
    setOpen(false);
    setShown(notice);
  };

  return (
    <>
      <NavbarBell
        title={t('noticeBell.title')}
        actions={
          <Button type="link" size="small" disabled={!unread} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()} data-testid="notices-read-all">
            {t('noticeBell.markAllRead')}
          </Button>
        }
        unread={unread}
        label={unread ? t('noticeBell.bellUnread', { count: unread }) : t('noticeBell.bell')}
        icon={<NotificationOutlined />}
        state={state}
        emptyText={t('noticeBell.empty')}
        onRetry={() => void notices.refetch()}
        open={open}
        onOpenChange={setOpen}
        buttonTestId="notice-bell"
        panelTestId="notice-list"
      >
        <ul className="navbar-bell-list">
          {rows.map((notice) => (
            <li key={notice.noticeId} className={notice.isRead ? 'navbar-bell-item' : 'navbar-bell-item navbar-bell-item-unread'} data-testid="notice-item">
              <button type="button" className="navbar-bell-open" onClick={() => show(notice)}>
                <span>
                  <DictTag options={dict.sys_notice_type} value={notice.noticeType} />
                  <Typography.Text strong={!notice.isRead}>{notice.noticeTitle}</Typography.Text>
                </span>
                <Typography.Text type="secondary">{t('noticeBell.by', { name: notice.createBy, time: formatTime(notice.createTime) })}</Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      </NavbarBell>
      <Modal
        open={!!shown}
        title={shown?.noticeTitle}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>{t('noticeBell.close')}</Button>}
        destroyOnHidden
      >
        {shown && (
          <div data-testid="notice-view">
            <Typography.Paragraph type="secondary">
              <DictTag options={dict.sys_notice_type} value={shown.noticeType} /> {t('noticeBell.by', { name: shown.createBy, time: formatTime(shown.createTime) })}
            </Typography.Paragraph>
            {/* Cleaned by the server before it was stored (noticeContent.ts): only formatting remains. */}
            <div className="notice-content" dangerouslySetInnerHTML={{ __html: shown.noticeContent }} />
          </div>
        )}
      </Modal>
    </>
  );
}
