import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TopNotice } from '@orbit/shared/contract/notice';
import { RequestError } from '../api/request';
import { prepareCrmTests, renderCrm, signInOlivia } from '../test/crmFixtures';
import NoticeBell from './NoticeBell';

const api = vi.hoisted(() => ({ getTopNotices: vi.fn(), markNoticeRead: vi.fn(), markNoticesRead: vi.fn() }));
vi.mock('../api/system/notice', () => api);
vi.mock('../api/system/dict', () => ({
  getDictValues: async () => ({
    data: [
      { dictValue: '1', dictLabel: 'Notification', listClass: 'warning' },
      { dictValue: '2', dictLabel: 'Announcement', listClass: 'success' },
    ],
  }),
}));

const notice = (noticeId: number, noticeTitle: string, isRead: boolean, noticeContent = '<p>Text</p>'): TopNotice => ({
  noticeId,
  noticeTitle,
  noticeType: '2',
  noticeContent,
  status: '0',
  createBy: 'admin',
  createTime: '2026-11-24T09:30:00.000Z',
  updateTime: null,
  isRead,
});
const answer = { code: 200, msg: '', unreadCount: 3, data: [notice(7, 'Office closed Friday', false, '<p>Closed <strong>all day</strong></p>'), notice(6, 'New price list', true)] };

async function openBell() {
  const bell = await screen.findByTestId('notice-bell');
  await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notices, 3 unread'));
  fireEvent.click(bell);
  return screen.findByTestId('notice-list');
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getTopNotices.mockResolvedValue(answer);
  api.markNoticeRead.mockResolvedValue({ code: 200 });
  api.markNoticesRead.mockResolvedValue({ code: 200 });
});

describe('NoticeBell', () => {
  it('shows the unread count and, opened, the newest notices with unread ones marked', async () => {
    renderCrm(<NoticeBell />);
    const panel = await openBell();
    expect(document.querySelector('.ant-badge-count')?.textContent).toBe('3');
    const items = within(panel).getAllByTestId('notice-item');
    expect(items.map((i) => i.className.includes('navbar-bell-item-unread'))).toEqual([true, false]);
    expect(items[0]!.textContent).toContain('Office closed Friday');
    expect(items[0]!.textContent).toContain('admin');
    expect(await within(items[0]!).findByText('Announcement')).toBeTruthy();
  });

  it('opening an unread notice shows it (its formatting kept) and marks it read; a read one is not marked again', async () => {
    renderCrm(<NoticeBell />);
    const panel = await openBell();
    fireEvent.click(within(panel).getByText('Office closed Friday'));
    const view = await screen.findByTestId('notice-view');
    expect(view.querySelector('strong')?.textContent).toBe('all day');
    await waitFor(() => expect(api.markNoticeRead).toHaveBeenCalledWith(7));
    await waitFor(() => expect(api.getTopNotices.mock.calls.length).toBeGreaterThan(1));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(within(await screen.findByTestId('notice-list')).getByText('New price list'));
    await screen.findByTestId('notice-view');
    expect(api.markNoticeRead).toHaveBeenCalledTimes(1);
  });

  it('marks all read', async () => {
    renderCrm(<NoticeBell />);
    await openBell();
    fireEvent.click(screen.getByTestId('notices-read-all'));
    await waitFor(() => expect(api.markNoticesRead).toHaveBeenCalled());
  });

  it('says when there is no notice, and offers a retry when they cannot be loaded', async () => {
    api.getTopNotices.mockResolvedValueOnce({ ...answer, unreadCount: 0, data: [] });
    renderCrm(<NoticeBell />);
    const bell = await screen.findByTestId('notice-bell');
    await waitFor(() => expect(api.getTopNotices).toHaveBeenCalled());
    expect(bell.getAttribute('aria-label')).toBe('Notices');
    fireEvent.click(bell);
    expect(await within(await screen.findByTestId('notice-list')).findByText('No notices')).toBeTruthy();
  });

  it('a failed load shows the retry, which loads them', async () => {
    api.getTopNotices.mockRejectedValueOnce(new RequestError('down', 500, undefined, true));
    renderCrm(<NoticeBell />);
    fireEvent.click(await screen.findByTestId('notice-bell'));
    fireEvent.click(await within(await screen.findByTestId('notice-list')).findByTestId('retry'));
    expect(await screen.findByText('Office closed Friday')).toBeTruthy();
  });
});
