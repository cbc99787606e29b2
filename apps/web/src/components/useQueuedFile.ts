import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { RequestError } from '../api/request';
import { FILE_TYPE } from '@orbit/shared/constants';
import { openFileCentre } from '../store/fileCentre';

/**
 * Asks the server for a file generated in the background (an export): says that it started (the
 * server's message), and opens the file centre on it, where it shows its progress until it can be
 * downloaded. A refusal shows its message unless the request client already did. `announce` does
 * the same for an answer already received (a list export that turned out long).
 */
export function useQueuedFile(): {
  busy: boolean;
  queue: (ask: () => Promise<{ msg: string }>) => Promise<void>;
  announce: (answer: { msg: string }) => Promise<void>;
} {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const announce = async (answer: { msg: string }) => {
    void message.success(answer.msg);
    await queryClient.invalidateQueries({ queryKey: ['userFiles'] });
    openFileCentre(FILE_TYPE.download);
  };
  const queue = async (ask: () => Promise<{ msg: string }>) => {
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
