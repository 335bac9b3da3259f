// The Wyrd mark and word, used in the landing header and the signed-in top bar.
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#1c2540" />
        <path
          d="M12 18 L22 48 L32 28 L42 48 L52 18"
          fill="none"
          stroke="#8aa4ff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="32" cy="14" r="4" fill="#5fd39a" />
      </svg>
      <span className="logo-word">Wyrd</span>
    </span>
  );
}
