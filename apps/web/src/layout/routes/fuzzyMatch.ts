/**
 * How far `pattern` is from appearing in `text`: the fewest single-character edits (insert, delete,
 * replace) that make it a substring of the text, over the pattern's length — 0 when it is there as
 * it is, 1 when nothing of it is. Case-insensitive. This is the score Fuse.js's Bitap search gives
 * with `ignoreLocation` (SPEC §2's threshold 0.4 is on this scale), computed by Sellers' algorithm:
 * an edit-distance table whose match may start anywhere in the text, one column kept at a time.
 */
export function matchScore(pattern: string, text: string): number {
  const p = [...pattern.toLowerCase()];
  if (!p.length) return 0;
  // column[i]: the fewest edits that make p's first i characters end at the text read so far.
  let column = Array.from({ length: p.length + 1 }, (_, i) => i);
  let best = p.length;
  for (const ch of text.toLowerCase()) {
    const next = [0];
    for (let i = 1; i <= p.length; i++) next.push(Math.min(column[i]! + 1, next[i - 1]! + 1, column[i - 1]! + (p[i - 1] === ch ? 0 : 1)));
    best = Math.min(best, next[p.length]!);
    column = next;
  }
  return best / p.length;
}

/** Fuse.js's field-length norm: a match in a short field counts more than one in a long one. */
const fieldNorm = (value: string) => Math.round(1000 / Math.sqrt(value.split(' ').filter(Boolean).length || 1)) / 1000;

export type WeightedValues = Array<{ values: readonly string[]; weight: number }>;

/**
 * An entry's score for a query over its weighted fields (weights summing to 1), as Fuse.js ranks
 * results: every value within the threshold multiplies the score by its own score raised to its
 * weight and norm (an exact match counts as the smallest number), so more and closer matches in
 * shorter fields rank first. Lower is better; null when no value is within the threshold.
 */
export function entryScore(query: string, fields: WeightedValues, threshold: number): number | null {
  let total = 1;
  let matched = false;
  for (const { values, weight } of fields) {
    for (const value of values) {
      const score = matchScore(query, value);
      if (score > threshold) continue;
      matched = true;
      total *= Math.pow(score === 0 ? Number.EPSILON : score, weight * fieldNorm(value));
    }
  }
  return matched ? total : null;
}
