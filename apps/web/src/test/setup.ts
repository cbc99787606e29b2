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
