/** What the operation log stores in place of a secret, and of anything it cannot or must not show. */
export const REDACTED = '******';

// 'code' alone is a captcha or e-mail code; ids such as dictCode are not secrets.
const SECRET_KEY = /password|pwd|secret|token|^code$/i;

/** No request or answer of this app nests deeper; anything that does is withheld, not walked. */
export const MAX_DEPTH = 32;

/** Tells whether a secret-looking key is kept anyway (the answer envelope's own `code`). */
type KeepKey = (key: string, depth: number) => boolean;

const FULL = Symbol('full');

/**
 * The JSON text of `value` with the value of every key that looks like a secret replaced by
 * REDACTED, at any depth, cut at `max` characters (then ending in '…'). Only what will be stored is
 * walked, so a megabyte body costs no more than its first `max` characters. Throws a RangeError for
 * nesting deeper than MAX_DEPTH (the caller withholds the whole value).
 */
export function redactedJson(value: unknown, max: number, keep: KeepKey = () => false): string {
  const parts: string[] = [];
  let length = 0;
  const write = (text: string) => {
    parts.push(text);
    length += text.length;
    if (length > max) throw FULL;
  };
  // Long texts are cut before they are escaped: what lies beyond `max` is never stored.
  const quote = (text: string) => write(JSON.stringify(text.length > max ? text.slice(0, max) : text));

  const walk = (item: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) throw new RangeError('too deeply nested to log');
    const plain = item !== null && typeof item === 'object' && 'toJSON' in item && typeof item.toJSON === 'function' ? item.toJSON() : item;
    if (typeof plain === 'string') return quote(plain);
    if (Array.isArray(plain)) {
      write('[');
      plain.forEach((element, index) => {
        if (index) write(',');
        walk(element, depth + 1);
      });
      return write(']');
    }
    if (plain !== null && typeof plain === 'object') {
      write('{');
      let first = true;
      for (const [key, element] of Object.entries(plain)) {
        if (element === undefined || typeof element === 'function') continue;
        if (!first) write(',');
        first = false;
        quote(key);
        write(':');
        if (SECRET_KEY.test(key) && !keep(key, depth)) quote(REDACTED);
        else walk(element, depth + 1);
      }
      return write('}');
    }
    // Numbers, booleans, null; like JSON.stringify, what JSON cannot hold (undefined in an array) is null.
    write(JSON.stringify(plain) ?? 'null');
  };

  try {
    walk(value, 0);
  } catch (error) {
    if (error !== FULL) throw error;
    return `${parts.join('').slice(0, max)}…`;
  }
  return parts.join('');
}
