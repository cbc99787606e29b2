/**
 * WCAG 2 colour contrast (definitions of "relative luminance" and "contrast ratio"), for colours
 * written `#rrggbb`. One implementation for the server's check of the organisation's palette and
 * the settings panel's check of a person's own colours (palette.ts).
 */

const HEX = /^#[0-9a-f]{6}$/i;

/** The colour in lower case when it is written `#rrggbb`, else undefined (no short, named or alpha forms). */
export function hexColour(value: unknown): string | undefined {
  return typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : undefined;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** One sRGB channel (0–255) to linear light, WCAG 2's formula (0.04045 is sRGB's own threshold). */
const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter colour's luminance over the darker's: 1 to 21. Not rounded. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `weight` of `colour` over `base` (0: the base, 1: the colour), channel by channel in sRGB, rounded. */
export function mixColours(colour: string, base: string, weight: number): string {
  const c = channels(colour);
  const b = channels(base);
  return `#${c.map((v, i) => Math.round(v * weight + b[i]! * (1 - weight)).toString(16).padStart(2, '0')).join('')}`;
}
