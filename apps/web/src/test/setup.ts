import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
