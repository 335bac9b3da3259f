// The top bar shared by signed-in pages (spec section 2): logo to /dashboard, Accounts, Recurring Items,
// Transactions, Scenarios, then the sync state, Profile and Sign out.
import { Link } from '@tanstack/react-router';
import { SyncStatus } from '../sync-status/SyncStatus';
import { Logo } from './Logo';

export function TopBar({
  onSignOut,
  signingOut,
  offline,
}: {
  onSignOut: () => void;
  signingOut: boolean;
  offline: boolean;
}) {
  return (
    <header className="top-bar">
      <Link to="/dashboard" className="top-bar-logo" aria-label="Wyrd dashboard">
        <Logo />
      </Link>
      <nav aria-label="Main" className="top-bar-nav">
        <Link to="/accounts" activeProps={{ 'aria-current': 'page' }}>
          Accounts
        </Link>
        <Link to="/recurring-items" activeProps={{ 'aria-current': 'page' }}>
          Recurring Items
        </Link>
        <Link to="/transactions" activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: false }}>
          Transactions
        </Link>
        <Link to="/scenarios" activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: false }}>
          Scenarios
        </Link>
      </nav>
      <div className="top-bar-user">
        <SyncStatus authOffline={offline} />
        <Link to="/profile" activeProps={{ 'aria-current': 'page' }}>
          Profile
        </Link>
        <button type="button" className="button button-ghost" onClick={onSignOut} disabled={signingOut}>
          Sign out
        </button>
      </div>
    </header>
  );
}
