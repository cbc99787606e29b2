import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '@orbit/shared/constants';
import type { ImportState, ImportUpload } from '@orbit/shared/contract/recordImport';
import { RequestError } from '../../../../api/request';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { fileCentreOpen, fileCentreTab } from '../../../../store/fileCentre';
import { chooseOption } from '../../../../test/antdSelect';
import { leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { ModuleMetaContext } from '../ModuleMetaContext';
import ImportWizard from './ImportWizard';

const api = vi.hoisted(() => ({ uploadImport: vi.fn(), checkImport: vi.fn(), runImport: vi.fn(), getImport: vi.fn(), downloadImportTemplate: vi.fn(), revertImport: vi.fn() }));
vi.mock('../../../../api/recordImport', () => api);
const files = vi.hoisted(() => ({ downloadFile: vi.fn(), listFiles: vi.fn(), getFileUrl: vi.fn() }));
vi.mock('../../../../api/files', () => files);

prepareCrmTests();

const upload: ImportUpload = {
  fileId: 41,
  fileName: 'leads.xlsx',
  headers: ['Surname', 'Company', 'E-mail'],
  sample: ['Smith', 'Acme', 'smith@acme.example'],
  rowCount: 3,
  recordTypeId: 1,
  fields: [
    { name: 'firstName', label: 'First Name', required: false, duplicateKey: true },
    { name: 'lastName', label: 'Last Name', required: true, duplicateKey: true },
    { name: 'company', label: 'Company', required: false, duplicateKey: true },
    { name: 'email', label: 'Email', required: false, duplicateKey: true },
    { name: 'status', label: 'Lead Status', required: false, duplicateKey: false },
  ],
  mapping: [null, 'company', 'email'],
};

const state = (values: Partial<ImportState>): { code: number; msg: string; data: ImportState } => ({
  code: 200,
  msg: '',
  data: { ...upload, module: 'leads', settings: null, phase: 'importing', status: 0, progressDone: 0, progressTotal: 3, errorMsg: '', result: null, errorFileId: null, revertible: false, ...values },
});

const xlsx = (name = 'leads.xlsx') => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

function renderWizard(canEdit = true) {
  const onImported = vi.fn();
  const onClose = vi.fn();
  renderCrm(
    <ModuleMetaContext.Provider value={leadsMeta}>
      <ImportWizard meta={leadsMeta} open canEdit={canEdit} onClose={onClose} onImported={onImported} />
    </ModuleMetaContext.Provider>,
  );
  return { onImported, onClose };
}

async function chooseFile(file: File) {
  const input = (await screen.findByTestId('import-wizard')).ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const comboboxOf = (testId: string) => within(screen.getByTestId(testId)).getByRole('combobox');

beforeEach(async () => {
  vi.resetAllMocks();
  signInOlivia();
  fileCentreOpen.set(false);
  await loadAllTexts();
  await changeLanguage('en');
  api.uploadImport.mockResolvedValue({ code: 200, msg: '', data: upload });
});

describe('ImportWizard', () => {
  it('goes from the upload through the mapping, duplicates and owner, and the dry run, to the run and its result', async () => {
    const { onImported } = renderWizard();
    fireEvent.click(await screen.findByTestId('import-template'));
    expect(api.downloadImportTemplate).toHaveBeenCalledWith('leads', 1, 'Leads import template.xlsx');

    await chooseFile(xlsx());
    expect(api.uploadImport).toHaveBeenCalledWith('leads', expect.any(File), 1);
    // The columns as the server matched them; Last Name is required and has no column yet.
    expect(await screen.findByText('smith@acme.example')).toBeTruthy();
    expect(screen.getByTestId('import-required-missing').textContent).toContain('Required fields without a column: Last Name');
    expect(screen.getByTestId('import-next').hasAttribute('disabled')).toBe(true);
    await chooseOption(comboboxOf('import-map-0'), 'Last Name *');
    await waitFor(() => expect(screen.queryByTestId('import-required-missing')).toBeNull());
    fireEvent.click(screen.getByTestId('import-next'));

    // Duplicates by e-mail, updated; the owner is the user unless chosen.
    await chooseOption(comboboxOf('import-duplicate-field'), 'Email');
    fireEvent.click(await screen.findByText('Update the record (empty cells keep its values)'));
    // Leads are assigned by the assignment rules unless the box is cleared: then the owner below takes them all.
    expect(screen.getByText('Owner of new records no assignment rule matches')).toBeTruthy();
    fireEvent.click(screen.getByText('Assign using the assignment rules'));
    expect(await screen.findByText('Owner of new records')).toBeTruthy();
    api.checkImport.mockResolvedValue({ code: 200, msg: '', data: { rows: 3, create: 1, update: 1, skip: 0, invalid: 1, errors: [{ row: 4, messages: ['Email has an invalid value'] }] } });
    fireEvent.click(screen.getByTestId('import-next'));
    expect(await screen.findByText('Email has an invalid value')).toBeTruthy();
    expect(api.checkImport).toHaveBeenCalledWith('leads', 41, {
      recordTypeId: 1,
      mapping: ['lastName', 'company', 'email'],
      duplicateField: 'email',
      duplicatePolicy: 'update',
      ownerId: 5,
      useAssignmentRules: false,
      timezoneOffset: new Date().getTimezoneOffset(),
    });
    expect(screen.getByText('1 row has errors: it will not be imported. After the import, its file with the reasons is in the file centre.')).toBeTruthy();

    api.runImport.mockResolvedValue({ code: 200, msg: 'The import has started: follow it in the file centre', data: { fileId: 41 } });
    api.getImport.mockResolvedValueOnce(state({ progressDone: 1 })).mockResolvedValue(
      state({ phase: 'imported', status: 1, progressDone: 3, result: { created: 1, updated: 1, skipped: 0, failed: 1 }, errorFileId: 77, revertible: true }),
    );
    fireEvent.click(screen.getByTestId('import-run'));
    expect(await screen.findByTestId('import-running')).toBeTruthy();
    expect(await screen.findByTestId('import-done', {}, { timeout: 10_000 })).toBeTruthy();
    expect(onImported).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('import-error-file'));
    expect(files.downloadFile).toHaveBeenCalledWith(77);
    fireEvent.click(screen.getByTestId('import-open-files'));
    expect(fileCentreOpen.get()).toBe(true);
    expect(fileCentreTab.get()).toBe(0);
  });

  it('refuses other files and files over 20M in the browser, before sending them', async () => {
    renderWizard();
    await chooseFile(xlsx('leads.csv'));
    expect((await screen.findByTestId('import-upload-error')).textContent).toBe('Only Excel files (.xlsx) can be uploaded');
    const big = xlsx();
    Object.defineProperty(big, 'size', { value: UPLOAD_LIMIT_BYTES + 1 });
    await chooseFile(big);
    await waitFor(() => expect(screen.getByTestId('import-upload-error').textContent).toBe('file size over to 20M,please re-upload'));
    expect(api.uploadImport).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal of a file, and of a dry run, where they belong', async () => {
    api.uploadImport.mockRejectedValueOnce(new RequestError('The file has a header row but no rows of data', 400));
    renderWizard();
    await chooseFile(xlsx());
    expect((await screen.findByTestId('import-upload-error')).textContent).toBe('The file has a header row but no rows of data');

    await chooseFile(xlsx());
    await chooseOption(comboboxOf('import-map-0'), 'Last Name *');
    fireEvent.click(screen.getByTestId('import-next'));
    api.checkImport.mockRejectedValueOnce(new RequestError('Duplicates are found by Email, but no column is mapped to it', 400));
    fireEvent.click(await screen.findByTestId('import-next'));
    expect((await screen.findByTestId('import-check-error')).textContent).toContain('Duplicates are found by Email, but no column is mapped to it');
    expect(screen.getByTestId('import-run').hasAttribute('disabled')).toBe(true);
    api.checkImport.mockResolvedValueOnce({ code: 200, msg: '', data: { rows: 3, create: 3, update: 0, skip: 0, invalid: 0, errors: [] } });
    fireEvent.click(screen.getByText('Check again'));
    expect(await screen.findByText('Every row can be imported. Nothing has been written yet.')).toBeTruthy();
    expect(screen.getByTestId('import-run').textContent).toBe('Import 3 rows');
  });

  it('offers updating duplicates only to users who may edit, and follows the record type chosen', async () => {
    renderWizard(false);
    await chooseOption(comboboxOf('import-record-type'), 'Partner');
    await chooseFile(xlsx());
    expect(api.uploadImport).toHaveBeenCalledWith('leads', expect.any(File), 2);
    await chooseOption(comboboxOf('import-map-0'), 'Last Name *');
    fireEvent.click(screen.getByTestId('import-next'));
    await chooseOption(comboboxOf('import-duplicate-field'), 'Email');
    const update = (await screen.findByText('Update the record (empty cells keep its values)')).closest('label')!;
    expect(update.className).toContain('disabled');
    expect(screen.getByText('Updating records needs the permission to edit them.')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    renderWizard();
    expect(await screen.findByText('从 Excel 导入线索')).toBeTruthy();
    expect(screen.getByText('对应字段')).toBeTruthy();
    expect(screen.getByText('点击或将 Excel 文件（.xlsx）拖到此处')).toBeTruthy();
    await changeLanguage('en');
  });
});
