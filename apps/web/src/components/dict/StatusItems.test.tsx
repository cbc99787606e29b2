import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../i18n/i18n';
import { StatusRadioItem } from './StatusItems';
import { dictSelectOptions } from './useDict';

const api = vi.hoisted(() => ({
  getDictValues: vi.fn(async () => ({
    code: 200,
    data: [
      { dictValue: '0', dictLabel: 'Normal', listClass: 'primary' },
      { dictValue: '1', dictLabel: 'Disabled', listClass: 'danger' },
    ],
  })),
}));
vi.mock('../../api/system/dict', () => api);

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

describe('dictSelectOptions', () => {
  it('turns dictionary values into value/label options, and nothing into none', () => {
    expect(dictSelectOptions([{ dictValue: '0', dictLabel: 'Normal' }] as never)).toEqual([{ value: '0', label: 'Normal' }]);
    expect(dictSelectOptions(undefined)).toEqual([]);
  });
});

describe('StatusRadioItem', () => {
  it('offers the normal/disabled dictionary as radio buttons bound to the form field "status"', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Form initialValues={{ status: '1' }}>
          <StatusRadioItem />
        </Form>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('Disabled')).toBeTruthy());
    expect(api.getDictValues).toHaveBeenCalledWith('sys_normal_disable');
    expect(screen.getByText('Status')).toBeTruthy();
    const checked = document.querySelector<HTMLInputElement>('input[type=radio]:checked');
    expect(checked?.value).toBe('1');
  });
});
