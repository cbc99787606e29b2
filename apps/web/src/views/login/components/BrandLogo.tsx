/** The Orbit CRM mark: a planet with its orbit (the same drawing as the favicon). */
export default function BrandLogo({ size = 40, inverted = false }: { size?: number; inverted?: boolean }) {
  const body = inverted ? '#fff' : '#5542f6';
  const line = inverted ? '#5542f6' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill={body} />
      <ellipse cx="32" cy="32" rx="26" ry="9" fill="none" stroke={line} strokeWidth="4" transform="rotate(-30 32 32)" />
      <circle cx="32" cy="32" r="8" fill={line} />
    </svg>
  );
}
