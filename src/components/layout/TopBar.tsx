// The top bar shared by signed-in pages (spec section 2): logo to /dashboard, Accounts, Recurring Items,
// Transactions, Scenarios, then the sync state, Profile and Sign out. On a phone (600 px and narrower) it is one compact row
// (logo, sync icon, a menu holding Profile and Sign out) and the main navigation becomes a bottom tab bar, in
// reach of the thumb; the DOM is the same at every size, only global.css rearranges it.
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { SyncStatus } from '../sync-status/SyncStatus';
import { Logo } from './Logo';
import { NavIcon } from './NavIcon';

export function TopBar({
  onSignOut,
  signingOut,
  offline,
}: {
  onSignOut: () => void;
  signingOut: boolean;
  offline: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // A new page closes the menu.
  const [seenPath, setSeenPath] = useState(path);
  if (seenPath !== path) {
    setSeenPath(path);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menuRef.current?.contains(e.target as Node))
        setMenuOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [menuOpen]);

  return (
    <header className="top-bar">
      <Link to="/dashboard" className="top-bar-logo" aria-label="Wyrd dashboard">
        <Logo />
      </Link>
      <nav aria-label="Main" className="top-bar-nav">
        <Link to="/accounts" activeProps={{ 'aria-current': 'page' }}>
          <NavIcon name="accounts" />
          <span>Accounts</span>
        </Link>
        <Link to="/recurring-items" activeProps={{ 'aria-current': 'page' }}>
          <NavIcon name="recurring" />
          <span>Recurring Items</span>
        </Link>
        <Link to="/transactions" activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: false }}>
          <NavIcon name="transactions" />
          <span>Transactions</span>
        </Link>
        <Link to="/scenarios" activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: false }}>
          <NavIcon name="scenarios" />
          <span>Scenarios</span>
        </Link>
      </nav>
      <div className="top-bar-user" ref={menuRef}>
        <SyncStatus authOffline={offline} />
        <button
          type="button"
          className="top-bar-menu-button"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="top-bar-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <NavIcon name="menu" />
        </button>
        <div id="top-bar-menu" className={menuOpen ? 'top-bar-menu top-bar-menu-open' : 'top-bar-menu'}>
          <Link to="/profile" activeProps={{ 'aria-current': 'page' }}>
            Profile
          </Link>
          <button type="button" className="button button-ghost" onClick={onSignOut} disabled={signingOut}>
            Sign out
          </button>
        </div>
      </div>
    </header>
  );
}
