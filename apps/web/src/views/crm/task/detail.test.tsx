import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictApi, metaOf, prepareCrmTests, signInOlivia } from '../../../test/crmFixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import TaskDetailPage from './detail';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  getRecord: vi.fn(),
  getRecordHistory: vi.fn(),
  listRecords: vi.fn(),
  lookupRecords: vi.fn(),
  lookupUsers: vi.fn(),
  updateRecord: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/system/dict', () => dictApi);

const task = { id: 9, recordTypeId: 1, ownerId: 5, deptId: 3, version: 2, createTime: '2026-11-20T09:00:00.000Z', subject: 'Call back', status: 'not_started' };

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/task/task-detail?flag=detail&id=9']}>
      <Routes>
        <Route path="/task/task-detail" element={<TaskDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockImplementation(metaOf);
  api.getRecordHistory.mockResolvedValue({ code: 200, total: 0, rows: [], lookups: {} });
});

describe('the task detail page', () => {
  it('offers Complete in its header on a task the user may change', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: task, lookups: {}, locked: null, canEdit: true });
    renderPage();
    expect((await screen.findByTestId('task-complete')).textContent).toBe('Complete');
    expect(screen.getByTestId('record-edit')).toBeTruthy();
  });

  it('offers no Complete on a task the user may only read (a read-only share): completing changes it', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: task, lookups: {}, locked: null, canEdit: false });
    renderPage();
    await screen.findByTestId('record-print');
    expect(screen.queryByTestId('task-complete')).toBeNull();
    expect(screen.queryByTestId('record-edit')).toBeNull();
  });
});
