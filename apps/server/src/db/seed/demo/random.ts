/** A small deterministic generator (LCG): the same demo everywhere, so tests can rely on its shape. */
export function generator(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** A value by weight: [[value, weight], …]. */
    weighted: <T>(items: ReadonlyArray<readonly [T, number]>): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let roll = next() * total;
      for (const [value, weight] of items) if ((roll -= weight) < 0) return value;
      return items[items.length - 1]![0];
    },
  };
}

export type Random = ReturnType<typeof generator>;
