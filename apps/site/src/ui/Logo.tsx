/** The Bencao mark: two leaves on a stem, drawn for this project. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1d5b45" />
      <path d="M32 50c0-14 6-24 18-30-2 14-8 24-18 30zm0 0c0-12-5-21-16-26 1 12 6 21 16 26z" fill="#f3e3c3" />
      <path d="M32 52V24" stroke="#c9963f" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
