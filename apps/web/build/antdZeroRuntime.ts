import type { Plugin } from 'vite';

/** antd's style modules: each component's `style/*.js` and the click wave's. */
const STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:.+[\\/]style[\\/][^\\/]+|_util[\\/]wave[\\/]style)\.js$/;
/** The factories whose second argument is a component's style generator (@ant-design/cssinjs-utils). */
const STYLE_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
/** What the generator becomes: no rules (never called under zeroRuntime anyway). */
const NO_STYLES = '() => []';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every call of a style factory in `program`, depth first. */
function factoryCalls(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) factoryCalls(child, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  const n = node as Node;
  if (n.type === 'CallExpression') {
    const callee = n.callee as Node & { name?: string };
    if (callee.type === 'Identifier' && STYLE_FACTORIES.has(callee.name!)) found.push(n);
  }
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') factoryCalls(value, found);
  return found;
}

/**
 * Drops antd's CSS-in-JS style generators from the build (docs/decisions.md, "antd without its
 * style generators"). The app runs antd with `zeroRuntime` and `antd/dist/antd.css`
 * (app/theme.ts, app/AntdConfig.tsx): each component's style hook then answers its hash class
 * before it would generate a rule (cssinjs-utils' genComponentStyleHook), so the generators, about
 * a fifth of antd's code, are shipped and never run. Replacing the generator argument of each
 * `genStyleHooks`/`genComponentStyleHook`/`genSubStyleComponent` call by `() => []` leaves them
 * unreferenced and tree-shaking removes them. The component tokens (the third argument, which
 * still become CSS variables at run time for the palette) are kept.
 *
 * Only for a build: the dev server keeps antd as published. Turning zeroRuntime off needs this
 * plugin gone, or components would draw unstyled.
 */
export function antdZeroRuntime(): Plugin {
  return {
    name: 'orbit-antd-zero-runtime',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!STYLE_MODULE.test(id) || ![...STYLE_FACTORIES].some((f) => code.includes(`${f}(`))) return null;
      const calls = factoryCalls(this.parse(code)).filter((call) => (call.arguments as Node[]).length >= 2);
      if (calls.length === 0) return null;
      const generators = calls.map((call) => (call.arguments as Node[])[1]!);
      // A call inside another's generator goes with it.
      const outer = generators.filter((g) => !generators.some((o) => o !== g && o.start <= g.start && g.end <= o.end));
      let out = code;
      // From the end, so that earlier offsets stay valid.
      for (const generator of outer.sort((a, b) => b.start - a.start)) out = out.slice(0, generator.start) + NO_STYLES + out.slice(generator.end);
      return { code: out, map: null };
    },
  };
}
