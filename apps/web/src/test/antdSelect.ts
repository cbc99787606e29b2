import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

const allVisibleOptions = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')] as HTMLElement[];

/**
 * The options of the one open dropdown. While another select's dropdown is still closing (slow on
 * a busy machine) there are two, and its options must not be taken for this one's: wait.
 */
function ownOptions(): HTMLElement[] {
  const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  return open.length === 1 ? ([...open[0]!.querySelectorAll('.ant-select-item-option')] as HTMLElement[]) : [];
}

/** The texts of the options of the dropdown that is open. */
export const optionTexts = () => allVisibleOptions().map((o) => o.textContent ?? '');

/** Opens an antd Select (its combobox input) and waits for its options. */
export async function openSelect(combobox: HTMLElement): Promise<string[]> {
  fireEvent.mouseDown(combobox);
  const options = await waitFor(() => {
    const found = ownOptions();
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  return options.map((o) => o.textContent ?? '');
}

/**
 * Chooses an option of an antd Select by its text. A searchable select is searched first, so that
 * an option beyond the virtual list's first screen is reached.
 */
export async function chooseOption(combobox: HTMLElement, text: string): Promise<void> {
  fireEvent.mouseDown(combobox);
  if (!combobox.hasAttribute('readonly')) fireEvent.change(combobox, { target: { value: text } });
  const option = await waitFor(() => {
    const found = ownOptions().find((o) => o.textContent === text);
    if (!found) throw new Error(`no option "${text}" among ${JSON.stringify(ownOptions().map((o) => o.textContent))}`);
    return found;
  });
  fireEvent.click(option);
}
