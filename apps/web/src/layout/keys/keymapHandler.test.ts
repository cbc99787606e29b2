import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHORTCUTS, type ShortcutAction } from './keymap';
import { createKeymapHandler, SEQUENCE_MS } from './keymapHandler';

function setUp(blocked = () => false) {
  let time = 0;
  const actions: ShortcutAction[] = [];
  const handler = createKeymapHandler({ shortcuts: SHORTCUTS, onAction: (a) => (actions.push(a), true), blocked, now: () => time });
  window.addEventListener('keydown', handler);
  const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  };
  return { actions, press, wait: (ms: number) => (time += ms), stop: () => window.removeEventListener('keydown', handler) };
}

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('the keymap handler', () => {
  it('goes to a module on `g` then its letter, within the sequence time only', () => {
    const keys = setUp();
    stop = keys.stop;
    keys.press('g');
    expect(keys.actions).toEqual([]);
    const l = keys.press('l');
    expect(keys.actions).toEqual([{ kind: 'goto', target: 'leads' }]);
    expect(l.defaultPrevented).toBe(true);
    keys.press('g');
    keys.wait(SEQUENCE_MS + 1);
    keys.press('o');
    expect(keys.actions).toHaveLength(1);
    keys.press('g');
    keys.press('o');
    expect(keys.actions.at(-1)).toEqual({ kind: 'goto', target: 'opportunity' });
  });

  it('opens the shortcuts on `?`, the palette on Ctrl+K and ⌘K, and runs the page commands on `n` and `/`', () => {
    const keys = setUp();
    stop = keys.stop;
    keys.press('?', { shiftKey: true });
    keys.press('k', { ctrlKey: true });
    keys.press('k', { metaKey: true });
    keys.press('n');
    keys.press('/');
    expect(keys.actions).toEqual([{ kind: 'help' }, { kind: 'palette' }, { kind: 'palette' }, { kind: 'page', command: 'create' }, { kind: 'page', command: 'search' }]);
  });

  it('ignores keys typed in an input, a textarea, a select or an editable text, and keys with other modifiers', () => {
    const keys = setUp();
    stop = keys.stop;
    document.body.innerHTML = '<input id="i"><textarea id="t"></textarea><select id="s"></select><div contenteditable="true"><p id="p">x</p></div>';
    for (const id of ['i', 't', 's', 'p']) {
      const field = document.getElementById(id)!;
      keys.press('?', { shiftKey: true }, field);
      keys.press('n', {}, field);
      keys.press('g', {}, field);
      keys.press('l', {}, field);
      expect(keys.press('k', { ctrlKey: true }, field).defaultPrevented).toBe(false);
    }
    keys.press('N', { shiftKey: true });
    keys.press('n', { altKey: true });
    keys.press('n', { isComposing: true });
    expect(keys.actions).toEqual([]);
  });

  it('does nothing while a modal is open, and a `g` typed in a field starts no sequence', () => {
    let modal = true;
    const keys = setUp(() => modal);
    stop = keys.stop;
    keys.press('?', { shiftKey: true });
    keys.press('g');
    modal = false;
    keys.press('l');
    expect(keys.actions).toEqual([]);
    document.body.innerHTML = '<input id="i">';
    keys.press('g', {}, document.getElementById('i')!);
    keys.press('l');
    expect(keys.actions).toEqual([]);
  });

  it('leaves the key to the browser when its action does nothing here', () => {
    const onAction = vi.fn(() => false);
    const handler = createKeymapHandler({ shortcuts: SHORTCUTS, onAction, blocked: () => false });
    const event = new KeyboardEvent('keydown', { key: 'n', cancelable: true });
    handler(event);
    expect(onAction).toHaveBeenCalledWith({ kind: 'page', command: 'create' });
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('modalOpen', () => {
  it('sees an open dialog or drawer, not a closed one', async () => {
    const { modalOpen } = await import('./keymapHandler');
    expect(modalOpen()).toBe(false);
    document.body.innerHTML = '<div class="ant-modal-wrap" style="display: none;"><div role="dialog" aria-modal="true"></div></div>';
    expect(modalOpen()).toBe(false);
    document.body.innerHTML = '<div class="ant-drawer"><div class="ant-drawer-section" role="dialog" aria-modal="true"></div></div>';
    expect(modalOpen()).toBe(false);
    document.body.innerHTML = '<div class="ant-modal-wrap"><div role="dialog" aria-modal="true"></div></div>';
    expect(modalOpen()).toBe(true);
    document.body.innerHTML = '<div class="ant-drawer ant-drawer-open"><div class="ant-drawer-section" role="dialog" aria-modal="true"></div></div>';
    expect(modalOpen()).toBe(true);
  });
});
