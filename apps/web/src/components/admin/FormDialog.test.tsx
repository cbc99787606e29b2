import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../i18n/i18n';
import FormDialog from './FormDialog';

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

const okButton = () => screen.getByText('OK').closest('button')!;

describe('FormDialog', () => {
  it('offers translated OK and Cancel: OK submits, Cancel closes', () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(
      <FormDialog open title="Edit" onSubmit={onSubmit} onClose={onClose}>
        <p>fields</p>
      </FormDialog>,
    );
    expect(screen.getByText('fields')).toBeTruthy();
    act(() => fireEvent.click(okButton()));
    expect(onSubmit).toHaveBeenCalledOnce();
    act(() => fireEvent.click(screen.getByText('Cancel').closest('button')!));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('spins OK while saving, and keeps extra OK button options such as disabled', () => {
    const { rerender } = render(<FormDialog open title="Edit" saving onSubmit={vi.fn()} onClose={vi.fn()} />);
    expect(okButton().className).toContain('ant-btn-loading');
    rerender(<FormDialog open title="Edit" okButtonProps={{ disabled: true }} onSubmit={vi.fn()} onClose={vi.fn()} />);
    expect(okButton().disabled).toBe(true);
    expect(okButton().className).not.toContain('ant-btn-loading');
  });
});
