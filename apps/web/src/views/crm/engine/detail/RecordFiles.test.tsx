import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@orbit/shared/contract/attachments';
import { RequestError } from '../../../../api/request';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import RecordFiles, { fileSizeText } from './RecordFiles';

const api = vi.hoisted(() => ({
  listAttachments: vi.fn(),
  uploadAttachments: vi.fn(),
  deleteAttachment: vi.fn(),
  previewAttachment: vi.fn(),
  downloadAttachment: vi.fn(),
}));
vi.mock('../../../../api/crmAttachments', () => api);

const file = (values: Partial<Attachment>): Attachment => ({
  id: 1,
  fileName: 'quote.pdf',
  contentType: 'application/pdf',
  size: 2048,
  createBy: 7,
  createByName: 'Olivia Park',
  createTime: '2026-01-05T09:00:00.000Z',
  ...values,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe("a record's Files panel", () => {
  it('lists files with size, kind and uploader, previews a PDF and downloads any file', async () => {
    api.listAttachments.mockResolvedValue({ data: [file({}), file({ id: 2, fileName: 'notes.bin', contentType: 'application/octet-stream', size: 3 * 1024 * 1024 })] });
    api.previewAttachment.mockResolvedValue(new Blob(['%PDF-1.4']));
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:preview');
    globalThis.URL.revokeObjectURL = vi.fn();
    renderCrm(<RecordFiles module="leads" id={5} canEdit />);
    const panel = await screen.findByTestId('record-files');
    await waitFor(() => expect(within(panel).getAllByTestId('record-file-name').map((e) => e.textContent)).toEqual(['quote.pdf', 'notes.bin']));
    expect(panel.textContent).toContain('Files (2)');
    expect(panel.textContent).toContain('2.0 KB');
    expect(panel.textContent).toContain('3.0 MB');
    expect(panel.textContent).toContain('PDF');
    expect(panel.textContent).toContain('Olivia Park');
    expect(api.listAttachments).toHaveBeenCalledWith('leads', 5);
    // Only the PDF has a preview.
    expect(within(panel).getAllByTestId('record-file-preview')).toHaveLength(1);
    fireEvent.click(within(panel).getByTestId('record-file-preview'));
    expect((await screen.findByTestId('record-file-preview-pdf')).getAttribute('src')).toBe('blob:preview');
    expect(api.previewAttachment).toHaveBeenCalledWith(1);
    fireEvent.click(within(panel).getAllByTestId('record-file-download')[1]!);
    expect(api.downloadAttachment).toHaveBeenCalledWith(expect.objectContaining({ id: 2, fileName: 'notes.bin' }));
  });

  it('uploads the dropped files as one batch and shows a refusal in the panel', async () => {
    api.listAttachments.mockResolvedValue({ data: [] });
    api.uploadAttachments.mockRejectedValueOnce(new RequestError('The file "big.bin" is larger than 20 MB: nothing was uploaded', 413));
    renderCrm(<RecordFiles module="account" id={9} canEdit />);
    expect((await screen.findByTestId('record-files-empty')).textContent).toBe('No files yet');
    const input = screen.getByTestId('record-files').querySelector('input[type="file"]')!;
    expect(input.hasAttribute('multiple')).toBe(true);
    const chosen = [new File(['a'], 'a.txt'), new File(['b'], 'big.bin')];
    fireEvent.change(input, { target: { files: chosen } });
    await waitFor(() => expect(api.uploadAttachments).toHaveBeenCalledTimes(1));
    expect(api.uploadAttachments.mock.calls[0]!.slice(0, 3)).toEqual(['account', 9, [expect.objectContaining({ name: 'a.txt' }), expect.objectContaining({ name: 'big.bin' })]]);
    expect((await screen.findByTestId('record-files-error')).textContent).toContain('The file "big.bin" is larger than 20 MB: nothing was uploaded');
  });

  it('without edit permission: no drop zone and no delete', async () => {
    api.listAttachments.mockResolvedValue({ data: [file({})] });
    renderCrm(<RecordFiles module="leads" id={5} canEdit={false} />);
    await screen.findByText('quote.pdf');
    expect(screen.getByTestId('record-files').querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByTestId('record-file-delete')).toBeNull();
  });

  it('writes sizes in B, KB and MB', () => {
    expect([fileSizeText(10), fileSizeText(1536), fileSizeText(20 * 1024 * 1024)]).toEqual(['10 B', '1.5 KB', '20.0 MB']);
  });
});
