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
