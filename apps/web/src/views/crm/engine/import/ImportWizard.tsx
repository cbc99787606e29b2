import { Button, Modal, Space, Steps } from 'antd';
import { ASSIGNMENT_MODULES } from '@orbit/shared/contract/automation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import type { ImportCheck, ImportSettingsBody, ImportUpload } from '@orbit/shared/contract/recordImport';
import { checkImport, runImport } from '../../../../api/recordImport';
import { RequestError } from '../../../../api/request';
import { useSession } from '../../../../store/session';
import { FILE_TYPE } from '@orbit/shared/constants';
import { openFileCentre } from '../../../../store/fileCentre';
import CheckStep from './CheckStep';
import MappingStep, { unmappedRequired } from './MappingStep';
import OptionsStep, { type ImportOptions } from './OptionsStep';
import RunStep from './RunStep';
import UploadStep from './UploadStep';

type Props = { meta: ModuleMeta; open: boolean; canEdit: boolean; onClose: () => void; onImported: () => void };

const STEPS = ['upload', 'mapping', 'options', 'check', 'run'] as const;

const messageOf = (error: unknown) => (error instanceof RequestError || error instanceof Error ? error.message : String(error));

/**
 * The Excel import of a module's list (docs/records-engine.md, "Import"), one step at a time:
 * upload (record type, template, file), map the columns, duplicates and owner, the dry run, then
 * the run as a background job with its progress and result. The server decides every rule; the
 * wizard shows its answers where they belong.
 */
export default function ImportWizard({ meta, open, canEdit, onClose, onImported }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('crm.import.title', { module: t(`crm.module.${meta.module}`) })}
      width={960}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="import-wizard"
    >
      {/* Inside the dialog's content: closed, it is destroyed, and the next opening starts afresh. */}
      <WizardBody meta={meta} canEdit={canEdit} onClose={onClose} onImported={onImported} />
    </Modal>
  );
}

function WizardBody({ meta, canEdit, onClose, onImported }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session?.user;
  const assignable = (ASSIGNMENT_MODULES as readonly string[]).includes(meta.module);
  const [step, setStep] = useState(0);
  const [recordTypeId, setRecordTypeId] = useState<number | null>(() => {
    const active = meta.recordTypes.filter((r) => r.active);
    return (active.find((r) => r.isDefault) ?? active[0])?.id ?? null;
  });
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<Array<string | null>>([]);
  const [options, setOptions] = useState<ImportOptions>({ duplicateField: null, duplicatePolicy: 'skip', ownerId: me?.userId ?? 0, useAssignmentRules: true });
  const [check, setCheck] = useState<{ result?: ImportCheck; loading: boolean; error: string | null }>({ loading: false, error: null });
  const [running, setRunning] = useState(false);

  const settings = (): ImportSettingsBody => ({
    recordTypeId,
    mapping,
    duplicateField: options.duplicateField,
    duplicatePolicy: options.duplicatePolicy,
    ownerId: options.ownerId || undefined,
    ...(assignable ? { useAssignmentRules: options.useAssignmentRules } : {}),
    timezoneOffset: new Date().getTimezoneOffset(),
  });

  const runCheck = async () => {
    setStep(3);
    setCheck({ loading: true, error: null });
    try {
      setCheck({ loading: false, error: null, result: (await checkImport(meta.module, upload!.fileId, settings())).data });
    } catch (error) {
      setCheck({ loading: false, error: messageOf(error) });
    }
  };

  const startRun = async () => {
    setRunning(true);
    try {
      await runImport(meta.module, upload!.fileId, settings());
      setStep(4);
    } catch (error) {
      setCheck((c) => ({ ...c, error: messageOf(error), result: undefined }));
    } finally {
      setRunning(false);
    }
  };

  const mappable = upload !== null && mapping.some(Boolean) && unmappedRequired(upload, mapping).length === 0;
  const importable = check.result ? check.result.create + check.result.update : 0;

  const footer = () => {
    const back = step > 0 && step < 4 && (
      <Button onClick={() => setStep(step - 1)} data-testid="import-back">
        {t('crm.import.back')}
      </Button>
    );
    switch (STEPS[step]) {
      case 'upload':
        return <Button onClick={onClose}>{t('crm.import.close')}</Button>;
      case 'mapping':
        return (
          <>
            {back}
            <Button type="primary" disabled={!mappable} onClick={() => setStep(2)} data-testid="import-next">
              {t('crm.import.next')}
            </Button>
          </>
        );
      case 'options':
        return (
          <>
            {back}
            <Button type="primary" onClick={() => void runCheck()} data-testid="import-next">
              {t('crm.import.next')}
            </Button>
          </>
        );
      case 'check':
        return (
          <>
            {back}
            <Button type="primary" loading={running} disabled={check.loading || !check.result || importable === 0} onClick={() => void startRun()} data-testid="import-run">
              {t('crm.import.run', { count: importable })}
            </Button>
          </>
        );
      default:
        return (
          <>
            <Button
              onClick={() => {
                onClose();
                openFileCentre(FILE_TYPE.upload);
              }}
              data-testid="import-open-files"
            >
              {t('crm.import.openFiles')}
            </Button>
            <Button type="primary" onClick={onClose} data-testid="import-close">
              {t('crm.import.close')}
            </Button>
          </>
        );
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Steps size="small" current={step} items={STEPS.map((key) => ({ key, title: t(`crm.import.step.${key}`) }))} />
      <div style={{ minHeight: 260 }}>
        {step === 0 && (
          <UploadStep
            meta={meta}
            recordTypeId={recordTypeId}
            onRecordType={setRecordTypeId}
            onUploaded={(answer) => {
              setUpload(answer);
              setMapping(answer.mapping);
              setStep(1);
            }}
          />
        )}
        {step === 1 && upload && <MappingStep upload={upload} mapping={mapping} onChange={setMapping} />}
        {step === 2 && upload && (
          <OptionsStep upload={upload} mapping={mapping} options={options} onChange={setOptions} canEdit={canEdit} ownerLabels={me ? { [me.userId]: me.nickName } : {}} assignable={assignable} />
        )}
        {step === 3 && <CheckStep check={check.result} loading={check.loading} error={check.error} onRetry={() => void runCheck()} />}
        {step === 4 && upload && <RunStep module={meta.module} fileId={upload.fileId} onFinished={onImported} />}
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>{footer()}</div>
    </Space>
  );
}
