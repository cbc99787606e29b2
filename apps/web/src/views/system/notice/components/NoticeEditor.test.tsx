import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../../../i18n/i18n';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import NoticeEditor from './NoticeEditor';

const QUILL = '<p class="ql-align-center"><strong>Closed</strong> <span style="color:rgb(230, 0, 0)">Friday</span></p><ol><li>one</li></ol>';

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

describe('NoticeEditor', () => {
  it('shows a notice’s HTML formatted, and hands back what it holds as HTML, formatting kept', () => {
    const onChange = vi.fn();
    renderWithProviders(<NoticeEditor value={QUILL} onChange={onChange} label="Content" />);
    const editor = screen.getByRole('textbox', { name: 'Content' });
    expect(editor.innerHTML).toBe(QUILL);
    expect(editor.querySelector('strong')?.textContent).toBe('Closed');
    // Typing changes the text in place; everything else stays as it was.
    editor.querySelector('li')!.textContent = 'one, two';
    fireEvent.input(editor);
    expect(onChange).toHaveBeenLastCalledWith(QUILL.replace('<li>one</li>', '<li>one, two</li>'));
    editor.innerHTML = '<p><br></p>';
    fireEvent.input(editor);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('offers the formatting commands under their names', () => {
    renderWithProviders(<NoticeEditor value="" label="Content" />);
    for (const name of ['Bold', 'Italic', 'Underline', 'Strike-through', 'Bulleted list', 'Numbered list', 'Clear formatting']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });
});
