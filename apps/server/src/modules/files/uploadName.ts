/** Characters dropped from an uploaded file's name: controls (NUL included) and bidirectional overrides that disguise an extension. */
const hidden = (c: string) => {
  const code = c.codePointAt(0)!;
  return code < 0x20 || code === 0x7f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
};

/**
 * The name an uploaded file is listed under: its own last path segment (a client's `../../x` or
 * `C:\x` keeps only `x`), without control characters, at most 200 characters; `fallback` when
 * nothing is left. Only ever shown and sent back (quoted): storage never uses it.
 */
export function uploadName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base].filter((c) => !hidden(c)).join('').trim();
  return clean === '.' || clean === '..' || !clean ? fallback : [...clean].slice(-200).join('');
}
