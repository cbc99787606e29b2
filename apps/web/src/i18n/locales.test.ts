import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@orbit/shared/constants';

const files = import.meta.glob<{ default: Record<string, string> }>(['../locales/*/*.ts', '../locales/*/signIn/*.ts'], { eager: true });

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(language: string): Map<string, string[]> {
  const byArea = new Map<string, string[]>();
  for (const [name, mod] of Object.entries(files)) {
    // The area is the path under the language's folder (`login.ts` lives in `signIn/`).
    const [, , lang, ...area] = name.split('/');
    // Plural forms differ by language (English has _one, Chinese only _other): compare base keys.
    if (lang === language) byArea.set(area.join('/'), [...new Set(Object.keys(mod.default).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort());
  }
  return byArea;
}

describe('locale files', () => {
  // Only the active language is loaded (i18n.ts), so a key missing in one language would show raw.
  it('give every language the same areas and the same keys', () => {
    const [first, ...others] = LANGUAGES;
    const reference = keysOf(first);
    expect(reference.size).toBeGreaterThan(5);
    for (const language of others) expect(Object.fromEntries(keysOf(language))).toEqual(Object.fromEntries(reference));
  });

  it('have no empty texts', () => {
    for (const [name, mod] of Object.entries(files)) {
      const empty = Object.entries(mod.default).filter(([, text]) => !text.trim()).map(([key]) => key);
      expect({ name, empty }).toEqual({ name, empty: [] });
    }
  });
});
