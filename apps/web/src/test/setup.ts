import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` give up after one second by default: an antd form's validation or a
// dialog's first render takes longer than that on a busy 2-core CI (a password-policy message was
// once not found in time). They still return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks matchMedia, which antd's responsive helpers (Grid, Table, Form) call.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  onchange: null,
  dispatchEvent: () => false,
})) as never;

// jsdom lacks ResizeObserver, which antd's Select, TreeSelect and TextArea observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Testing Library unmounts after each test by itself only when the test API is global, which it is
// not here: a tree left mounted at a file's end could run React's scheduled work after jsdom was
// torn down ("window is not defined", seen once on a busy machine).
afterEach(() => cleanup());

/**
 * The CSS antd writes at run time, kept to the `display` and `visibility` of each plain rule: all a
 * test can observe of it (Testing Library's "is it accessible", and the spaces an accessible name
 * puts around an inline-flex icon). jsdom matches every rule of every style sheet against an element
 * at each getComputedStyle — which antd's text areas, tables and form items call as they draw, and
 * Testing Library for each name it computes — and that matching was ~60 % of the tests' time with
 * antd's whole CSS in the document (a CPU profile of the slowest files; docs/decisions.md).
 */
const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
/** What was written, as read back: antd rewrites a style only when its text changed. */
const written = new WeakMap<HTMLStyleElement, string>();
Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
  configurable: true,
  get(this: HTMLStyleElement) {
    return written.get(this) ?? innerHtml.get!.call(this);
  },
  set(this: HTMLStyleElement, css: string) {
    written.set(this, css);
    innerHtml.set!.call(this, displayRules(css));
  },
});

/** The `display` and `visibility` declarations of the top-level rules of `css` (at-rules and nested blocks dropped). */
function displayRules(css: string): string {
  const kept: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      const rule = css.slice(start, i + 1);
      start = i + 1;
      const open = rule.indexOf('{');
      if (rule.trimStart().startsWith('@') || rule.indexOf('{', open + 1) >= 0) continue;
      const shown = rule.slice(open + 1, -1).split(';').filter((d) => /^\s*(display|visibility)\s*:/.test(d));
      if (shown.length) kept.push(`${rule.slice(0, open)}{${shown.join(';')}}`);
    }
  }
  return kept.join('\n');
}
