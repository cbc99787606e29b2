import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDictDataBody } from '@orbit/shared/contract/dict';
import { RequestError } from '../../api/request';
import { loadAllTexts } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/renderWithProviders';
import AdminFormDialog from './AdminFormDialog';
import { remarkField, type AdminField } from './adminFields';

vi.mock('../../api/system/dict', () => ({
  getDictValues: async (type: string) => ({
    code: 200,
    data:
      type === 'sys_yes_no'
        ? [{ dictValue: 'Y', dictLabel: 'Yes' }, { dictValue: 'N', dictLabel: 'No' }]
        : [{ dictValue: '0', dictLabel: 'Normal' }, { dictValue: '1', dictLabel: 'Disabled' }],
  }),
}));

type Values = { dictLabel: string; dictValue: string; dictSort: number; isDefault: string; cached: string; parentId: number; listClass: string; remark: string; status: string; icon: string };
const field = createDictDataBody.shape;
const fields = (hideValue = false): AdminField<Values>[] => [
  { name: 'dictLabel', label: 'dict.dictLabel', kind: 'text', maxLength: 100, span: 12, required: true, schema: field.dictLabel },
  { name: 'dictValue', label: 'dict.dictValue', kind: 'text', maxLength: 100, span: 12, hidden: hideValue },
  { name: 'dictSort', label: 'dict.dictSort', kind: 'number', max: 9999, span: 12, schema: field.dictSort },
  { name: 'isDefault', label: 'dict.isDefault', kind: 'radio', dict: 'sys_yes_no', span: 12 },
  { name: 'cached', label: 'menu.isCache', kind: 'yesNo', yes: '0', no: '1' },
  { name: 'parentId', label: 'menu.parent', kind: 'tree', treeData: [{ id: 1, label: 'Main', children: [{ id: 2, label: 'Sales' }] }], value: 'id', text: 'label' },
  { name: 'listClass', label: 'dict.listClass', kind: 'select', options: [{ value: 'primary', label: 'Blue' }, { value: 'danger', label: 'Red' }] },
  { name: 'icon', label: 'menu.icon', kind: 'custom', render: () => <input data-testid="own-input" /> },
  { label: 'role.menus', kind: 'custom', render: () => <p>an item of the page’s own</p> },
  { kind: 'status' },
  remarkField(field.remark),
];
const start: Partial<Values> = { dictLabel: 'Hot', dictValue: 'hot', dictSort: 3, isDefault: 'N', cached: '1', parentId: 2, listClass: 'danger', status: '0', icon: 'star' };

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

// By text, not by role: a role query over the whole document computes every element's accessible
// name, seconds on a busy machine.
const ok = () => screen.getByText('OK', { selector: 'button > span' }).closest('button') as HTMLButtonElement;

describe('AdminFormDialog', () => {
  it('draws each field its description names, starts from the initial values and saves what the form holds', async () => {
    const save = vi.fn(async () => ({ code: 200 }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<AdminFormDialog open description={{ title: 'dict.editDataTitle', fields: fields(), initialValues: start, save }} onSaved={onSaved} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit dictionary value')).toBeTruthy();
    expect((within(dialog).getByLabelText('Label') as HTMLInputElement).maxLength).toBe(100);
    expect((within(dialog).getByLabelText('Order') as HTMLInputElement).value).toBe('3');
    expect(within(dialog).getByText('Sales')).toBeTruthy();
    expect(within(dialog).getByText('Red')).toBeTruthy();
    expect((within(dialog).getByTestId('own-input') as HTMLInputElement).value).toBe('star');
    expect(within(dialog).getByText('an item of the page’s own')).toBeTruthy();
    // Choices from a dictionary, yes / no in the record's own spelling, and the status shorthand.
    const isDefault = within(dialog).getByRole('radiogroup', { name: 'Default' });
    expect((await within(isDefault).findByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    const cached = within(dialog).getByRole('radiogroup', { name: 'Cache' });
    fireEvent.click(within(cached).getByRole('radio', { name: 'Yes' }));
    expect(await within(dialog).findByRole('radio', { name: 'Normal' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'warm leads' } });

    fireEvent.click(ok());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    expect(save).toHaveBeenCalledWith({ ...start, cached: '0', remark: 'warm leads' });
    // The file's first test also loads antd's form inputs: 22–28 s when the CI step runs the server
    // tests beside it, over the project's 20 s.
  }, 45_000);

  it('refuses what the shared schema refuses, with the server’s message, and puts the server’s field errors back on the fields', async () => {
    const save = vi.fn(async () => {
      throw new RequestError('Value hot is taken', 400, { dictValue: 'Value hot is taken' });
    });
    const onSaved = vi.fn();
    renderWithProviders(<AdminFormDialog open description={{ title: 'dict.addDataTitle', fields: fields(), initialValues: { ...start, dictLabel: '' }, save }} onSaved={onSaved} onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Label is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Hot' } });
    fireEvent.click(ok());
    expect(await screen.findByText('Value hot is taken')).toBeTruthy();
    expect(save).toHaveBeenCalledOnce();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('leaves out a hidden field and its value', async () => {
    const save = vi.fn(async () => ({ code: 200 }));
    renderWithProviders(<AdminFormDialog open description={{ title: 'dict.editDataTitle', fields: fields(true), initialValues: start, save }} onSaved={vi.fn()} onClose={vi.fn()} />);
    await screen.findByLabelText('Label');
    expect(screen.queryByLabelText('Value')).toBeNull();
    fireEvent.click(ok());
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]).not.toHaveProperty('0.dictValue');
  });

  it('starts every opening from its own initial values, never from what was typed before', async () => {
    function Page() {
      const [editing, setEditing] = useState<Partial<Values> | null>(start);
      return (
        <>
          <button onClick={() => setEditing({ ...start, dictLabel: 'Cold' })}>edit cold</button>
          <AdminFormDialog open={!!editing} description={{ title: 'dict.editDataTitle', fields: fields(), initialValues: editing ?? {}, save: vi.fn() }} onSaved={vi.fn()} onClose={() => setEditing(null)} />
        </>
      );
    }
    renderWithProviders(<Page />);
    fireEvent.change(await screen.findByLabelText('Label'), { target: { value: 'typed, never saved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Label')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'edit cold' }));
    await waitFor(() => expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('Cold'));
  });

  it('waits for what the form starts from: a skeleton and no OK until it is there, the error state with a retry if it fails', async () => {
    const refetch = vi.fn();
    function Page() {
      const [loads, setLoads] = useState({ data: undefined as unknown, isError: false, refetch });
      return (
        <>
          <button onClick={() => setLoads({ ...loads, isError: true })}>fail</button>
          <button onClick={() => setLoads({ ...loads, isError: false, data: { loaded: true } })}>arrive</button>
          <AdminFormDialog open description={{ title: 'dict.editDataTitle', fields: fields(), initialValues: start, save: vi.fn() }} loads={loads} onSaved={vi.fn()} onClose={vi.fn()} />
        </>
      );
    }
    renderWithProviders(<Page />);
    await screen.findByRole('dialog');
    expect(document.querySelector('.ant-skeleton')).toBeTruthy();
    expect(screen.queryByLabelText('Label')).toBeNull();
    expect(ok().hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    fireEvent.click(await screen.findByTestId('retry'));
    expect(refetch).toHaveBeenCalled();
    expect(ok().hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'arrive' }));
    expect(((await screen.findByLabelText('Label')) as HTMLInputElement).value).toBe('Hot');
    expect(ok().hasAttribute('disabled')).toBe(false);
  });
});
