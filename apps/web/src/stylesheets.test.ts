import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every stylesheet of the app, by its path under src. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/**
 * The selectors a rule opens inside another style rule. The build reads such a block as CSS
 * nesting, so a rule left unclosed (a merge that drops a `}`) silently scopes every rule after it
 * to its selector — the phone's record cards lost their wrapping that way. The app never nests.
 */
function nestedRules(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const open: string[] = [];
  const nested: string[] = [];
  let since = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      const selector = text.slice(since, i).split(';').pop()!.trim();
      if (open.length && !open[open.length - 1]!.startsWith('@')) nested.push(`${open[open.length - 1]} > ${selector}`);
      open.push(selector);
      since = i + 1;
    } else if (text[i] === '}') {
      open.pop();
      since = i + 1;
    }
  }
  if (open.length) nested.push(`unclosed: ${open.join(' > ')}`);
  return nested;
}

describe('stylesheets', () => {
  it('finds a rule left open', () => {
    expect(nestedRules('.a p {\n  margin: 0;\n.b { color: red; }\n}')).toEqual(['.a p > .b']);
    expect(nestedRules('.a { margin: 0; }\n@media (max-width: 10px) { .b { color: red; } }')).toEqual([]);
    expect(nestedRules('.a { margin: 0;')).toEqual(['unclosed: .a']);
  });

  it('every rule of every stylesheet is closed before the next begins', () => {
    const found = stylesheets(path.resolve(__dirname)).flatMap((file) => nestedRules(readFileSync(file, 'utf8')).map((rule) => `${path.relative(__dirname, file)}: ${rule}`));
    expect(found).toEqual([]);
  });
});
