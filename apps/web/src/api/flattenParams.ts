/**
 * Query string of GET parameters: nested objects are written as `key[sub]` (SPEC §7); empty
 * values (undefined, null, '') are left out.
 */
export function flattenParams(params: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      const nested = flattenParams(value as Record<string, unknown>, name);
      if (nested) parts.push(nested);
    } else if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}
