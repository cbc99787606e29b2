import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useReturnFocus } from './useReturnFocus';

describe('useReturnFocus', () => {
  it('focuses the opener again when the drawer closes with the focus inside it or lost, and leaves a focus the user moved elsewhere', () => {
    const opener = document.createElement('button');
    const other = document.createElement('input');
    const drawer = document.createElement('div');
    drawer.className = 'ant-drawer';
    const close = document.createElement('button');
    drawer.append(close);
    document.body.append(opener, other, drawer);

    opener.focus();
    const { rerender } = renderHook(({ open }) => useReturnFocus(open), { initialProps: { open: true } });
    close.focus(); // tabbed into the drawer, then closed it
    rerender({ open: false });
    expect(document.activeElement).toBe(opener);

    rerender({ open: true });
    (document.activeElement as HTMLElement).blur();
    rerender({ open: false });
    expect(document.activeElement).toBe(opener);

    rerender({ open: true });
    other.focus(); // somewhere real outside the drawer: left there
    rerender({ open: false });
    expect(document.activeElement).toBe(other);
    [opener, other, drawer].forEach((el) => el.remove());
  });
});
