import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../api/files';
import { RequestError } from '../api/request';
import { FILE_TYPE } from '@orbit/shared/constants';
import { openFileCentre } from '../store/fileCentre';

/** A file-centre answer: the server's message and, with `ready`, a file written already. */
type FileAnswer = { msg: string; data?: { fileId?: number; ready?: boolean } };

/**
 * Asks the server for a file (an export). One it wrote at once (`ready`: a short list) downloads
 * now ('Download Successful'); one generated in the background is announced (the server's message)
 * and the file centre opens on it, where it shows its progress until it can be downloaded. Either
 * is listed in the file centre. A refusal shows its message unless the request client already did.
 * `announce` does the same for an answer already received (a list export that turned out long).
 */
export function useQueuedFile(): {
  busy: boolean;
  queue: (ask: () => Promise<FileAnswer>) => Promise<void>;
  announce: (answer: FileAnswer) => Promise<void>;
} {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const announce = async (answer: FileAnswer) => {
    await queryClient.invalidateQueries({ queryKey: ['userFiles'] });
    if (answer.data?.ready && answer.data.fileId) {
      await downloadFile(answer.data.fileId);
      return;
    }
    void message.success(answer.msg);
    openFileCentre(FILE_TYPE.download);
  };
  const queue = async (ask: () => Promise<FileAnswer>) => {
    setBusy(true);
    try {
      await announce(await ask());
    } catch (error) {
      if (error instanceof RequestError && !error.shown && error.message) void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, queue, announce };
}
