/**
 * Where a page of a list ends, for the next page to start after it (keyset paging): the order it
 * was read in, the last row's sort key as text (null when empty) and its id. Sent to the browser as
 * an opaque base64url string; a cursor of another order, or one that cannot be read, is not used
 * (the page is then read by offset), so a stale or tampered cursor can only cost speed.
 */
export type ListCursor = { order: string; key: string | null; id: number };

export function writeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.order, cursor.key, cursor.id])).toString('base64url');
}

export function readCursor(text: string, order: string): ListCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [of, key, id] = value as unknown[];
    if (of !== order || !(key === null || typeof key === 'string') || !Number.isSafeInteger(id)) return undefined;
    return { order, key, id: id as number };
  } catch {
    return undefined;
  }
}
