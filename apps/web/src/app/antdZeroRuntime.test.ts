import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdZeroRuntime } from '../../build/antdZeroRuntime';

// The build plugin's transform, with the parser Vite gives plugins.
const transform = (code: string, id: string) =>
  (antdZeroRuntime().transform as (this: { parse: typeof parseAst }, code: string, id: string) => { code: string } | null).call({ parse: parseAst }, code, id);
const antdFile = (file: string) => createRequire(import.meta.url).resolve(`antd/es/${file}`);

describe('antdZeroRuntime (build plugin)', () => {
  it('replaces the style generators of antd’s style hooks by empty ones and keeps the component tokens', () => {
    const id = antdFile('button/style/index.js');
    const out = transform(readFileSync(id, 'utf8'), id)!.code;
    // The generator passed to genStyleHooks is gone, so its helpers are no longer referenced…
    expect(out).toMatch(/genStyleHooks\('Button', \(\) => \[\], prepareComponentToken,/);
    expect(out).not.toMatch(/genSharedButtonStyle\(buttonToken\)/);
    // …while the tokens that become CSS variables at run time stay.
    expect(out).toContain("import { prepareComponentToken, prepareToken } from './token'");
  });

  it('handles sub-style components, hooks made inside functions and the click wave', () => {
    for (const [file, call] of [
      ['button/style/compact.js', /genSubStyleComponent\(\['Button', 'compact'\], \(\) => \[\]/],
      ['menu/style/index.js', /genStyleHooks\('Menu', \(\) => \[\]/],
      ['_util/wave/style.js', /genComponentStyleHook\('Wave', \(\) => \[\]\)/],
    ] as const) {
      const id = antdFile(file);
      expect(transform(readFileSync(id, 'utf8'), id)?.code).toMatch(call);
    }
  });

  it('leaves other modules alone, antd’s components included', () => {
    const id = antdFile('button/Button.js');
    expect(transform(readFileSync(id, 'utf8'), id)).toBeNull();
    expect(transform("genStyleHooks('X', t => [t])", '/app/src/style/index.js')).toBeNull();
  });
});
