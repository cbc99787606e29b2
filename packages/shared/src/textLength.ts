/** Text length where double-width characters (CJK, full-width forms…) count as 2 (SPEC §5). */
export function textLength(text: string | null | undefined): number {
  if (!text) return 0;
  let length = 0;
  for (const char of text) length += char.codePointAt(0)! > 0xff ? 2 : 1;
  return length;
}
