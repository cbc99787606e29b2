import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../test/crmFixtures';
import { fileCentreOpen } from '../../store/fileCentre';
import ListExportButton from './ListExportButton';

const api = vi.hoisted(() => ({ download: vi.fn(), RequestError: class extends Error {} }));
vi.mock('../../api/request', () => api);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  api.download.mockResolvedValue(true);
  fileCentreOpen.set(false);
});

describe('ListExportButton', () => {
  it('posts the list’s filters and sort form-encoded (as RuoYi does), without paging, and names the file', async () => {
    signInOlivia(['system:user:export']);
    renderCrm(
      <ListExportButton
        url="/system/user/export"
        permission="system:user:export"
        params={{ pageNum: 3, pageSize: 20, userName: 'o', status: '', orderByColumn: 'createTime', isAsc: 'desc', params: { beginTime: '2026-01-01', endTime: '2026-12-31' } }}
        fileName="users"
      />,
    );
    fireEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() => expect(api.download).toHaveBeenCalledOnce());
    const options = api.download.mock.calls[0]![0] as { url: string; method: string; data: URLSearchParams; params: { timezoneOffset: number }; fileName: string };
    expect(options).toMatchObject({ url: '/system/user/export', method: 'POST', params: { timezoneOffset: new Date().getTimezoneOffset(), queueLarge: true } });
    expect(options.data).toBeInstanceOf(URLSearchParams);
    expect(options.data.toString()).toBe('userName=o&orderByColumn=createTime&isAsc=desc&params%5BbeginTime%5D=2026-01-01&params%5BendTime%5D=2026-12-31');
    expect(options.fileName).toMatch(/^users_\d{14}\.xlsx$/);
  });

  it('a long list answered as a file-centre job: says so and opens the file centre on it', async () => {
    api.download.mockImplementation(async (options: { onQueued: (answer: unknown) => void }) => {
      options.onQueued({ code: 200, msg: 'The export has started: it will be ready in the file centre', data: { fileId: 7 } });
      return true;
    });
    signInOlivia(['monitor:operlog:export']);
    renderCrm(<ListExportButton url="/monitor/operlog/export" permission="monitor:operlog:export" params={{}} fileName="operation_log" />);
    fireEvent.click(await screen.findByTestId('list-export'));
    expect(await screen.findByText('The export has started: it will be ready in the file centre')).toBeTruthy();
    await waitFor(() => expect(fileCentreOpen.get()).toBe(true));
  });

  it('is not there without the export permission', async () => {
    signInOlivia(['system:user:list']);
    renderCrm(<ListExportButton url="/system/user/export" permission="system:user:export" params={{}} fileName="users" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('list-export')).toBeNull();
  });
});
