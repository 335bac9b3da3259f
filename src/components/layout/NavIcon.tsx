// Small line icons for the navigation (the phone's bottom tab bar, the menu and the sync state); decorative only:
// the text beside them or the control's label names them.
const PATHS = {
  accounts: 'M3 9h18M5 9v9M9.5 9v9M14.5 9v9M19 9v9M2 20h20M12 3l9 5H3z',
  recurring: 'M4 12a8 8 0 0 1 14-5.3M20 4v4h-4M20 12a8 8 0 0 1-14 5.3M4 20v-4h4',
  scenarios: 'M3 20l5-7 4 4 4-8 5 6M3 4v16h18',
  transactions: 'M4 7h13M13 3l4 4-4 4M20 17H7M11 13l-4 4 4 4',
  menu: 'M4 7h16M4 12h16M4 17h16',
  home: 'M3 11l9-7 9 7v9h-6v-6H9v6H3z',
  synced: 'M7 18a5 5 0 1 1 1-9.9A6 6 0 0 1 19.5 10 4 4 0 0 1 18 18zM9 13l2 2 4-4',
  pending: 'M7 18a5 5 0 1 1 1-9.9A6 6 0 0 1 19.5 10 4 4 0 0 1 18 18zM12 10v3l2 1',
  problem: 'M7 18a5 5 0 1 1 1-9.9A6 6 0 0 1 19.5 10 4 4 0 0 1 18 18zM12 9v3M12 15h.01',
  offline: 'M7 18a5 5 0 1 1 1-9.9A6 6 0 0 1 19.5 10 4 4 0 0 1 18 18zM4 4l16 16',
} as const;

export type NavIconName = keyof typeof PATHS;

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      className="nav-icon"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
