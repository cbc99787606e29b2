/** Generated data for the chart demos: deterministic, so screenshots compare. */
export function series(count: number, seed: number, scale = 100): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 9301 + 49297) % 233280;
    return Math.round((x / 233280) * scale);
  });
}
export const months = (count: number) => Array.from({ length: count }, (_, i) => `${i + 1}`);
