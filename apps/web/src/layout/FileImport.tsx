import { UndoOutlined, WarningOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@orbit/shared/contract/files';
import { downloadFile } from '../api/files';
import { revertImport } from '../api/recordImport';
import { RequestError } from '../api/request';

/** What an upload record's import is at: its phase, then its counts (and a revert's). */
export function ImportStatus({ file, progress, failed }: { file: FileRecord; progress: ReactNode; failed: ReactNode }) {
  const { t } = useTranslation();
  const info = file.importInfo!;
  const result = file.result;
  if (info.phase === 'importing' || info.phase === 'reverting') return progress;
  if (info.phase === 'failed') return failed;
  const counts = result && (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="import-counts">
      {t('crm.import.counts', { created: result.created, updated: result.updated, skipped: result.skipped, failed: result.failed })}
      {info.phase === 'reverted' && (
        <>
          <br />
          {t('crm.import.revertCounts', { reverted: result.reverted ?? 0, kept: result.revertKept ?? 0 })}
        </>
      )}
    </Typography.Text>
  );
  const color = info.phase === 'imported' ? (result?.failed ? 'warning' : 'success') : 'default';
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={color} data-testid={`import-phase-${info.phase}`}>
        {t(`crm.import.phase.${info.phase}`)}
      </Tag>
      {counts}
    </Space>
  );
}

/** An import's own actions in the file centre: the rows that failed (its error file), and undo while it may be undone. */
export function ImportActions({ file }: { file: FileRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const info = file.importInfo!;
  const undo = async () => {
    setBusy(true);
    try {
      const answer = await revertImport(info.module, file.id);
      void message.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: ['userFiles'] });
    } catch (error) {
      // Too late, already undone…: the server's reason (what the request client did not show already).
      if (error instanceof RequestError && !error.shown && error.message) void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {info.errorFileId !== null && (
        <Button type="link" size="small" icon={<WarningOutlined />} onClick={() => void downloadFile(info.errorFileId!)} data-testid={`import-errors-${file.id}`}>
          {t('crm.import.errors')}
        </Button>
      )}
      {info.revertible && (
        <Popconfirm title={t('crm.import.revertConfirm')} onConfirm={() => void undo()} okButtonProps={{ danger: true }} styles={{ root: { maxWidth: 360 } }}>
          <Button type="link" size="small" danger icon={<UndoOutlined />} loading={busy} data-testid={`import-revert-${file.id}`}>
            {t('crm.import.revert')}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
