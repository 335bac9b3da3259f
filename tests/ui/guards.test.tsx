// Route guards and the signed-in shell: visitors go to /login, signed-in users skip the public auth
// pages, 'Loading...' shows while auth loads, the top bar links, and sign-out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROTECTED_PATHS } from '../../src/routes/router';
import { IDENTITY_CACHE_KEY } from '../../src/lib/auth/identity-cache';
import { useAuthStore } from '../../src/lib/auth/auth-store';
import { renderApp, resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

describe('route guards', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it.each(PROTECTED_PATHS)('a signed-out visitor on %s is redirected to /login', async (path) => {
    const { router } = await renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['/login', '/signup', '/forgot-password'])('a signed-in user on %s goes to /dashboard', async (path) => {
    adapter.signedInAs();
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify(adapter.TEST_USER));
    const { router } = await renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('a signed-in user with no cached identity still ends on /dashboard from /login', async () => {
    adapter.signedInAs();
    const { router } = await renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a visitor with no tokens on the device is redirected without loading aws-amplify', async () => {
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(adapter.configureAuth).not.toHaveBeenCalled();
  });

  it("shows 'Loading...' while authentication is loading", async () => {
    adapter.storeFakeAmplifyTokens();
    let resolve: (value: { user: null; offline: boolean }) => void = () => undefined;
    adapter.getCurrentUser.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { router } = await renderApp('/accounts');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(useAuthStore.getState().loading).toBe(true);
    resolve({ user: null, offline: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().loading).toBe(false);
  });

  it('signed-in pages share the top bar: logo, Accounts, Recurring Items, Transactions, Scenarios, Profile, Sign out', async () => {
    adapter.signedInAs();
    await renderApp('/scenarios');
    const banner = await screen.findByRole('banner');
    const links = within(banner).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label') ?? a.textContent?.trim(), a.getAttribute('href')])).toEqual([
      ['Wyrd dashboard', '/dashboard'],
      ['Accounts', '/accounts'],
      ['Recurring Items', '/recurring-items'],
      ['Transactions', '/transactions'],
      ['Scenarios', '/scenarios'],
      ['Profile', '/profile'],
    ]);
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Scenarios' })).toBeInTheDocument();
  });

  it('every protected page renders its frame for a signed-in user', async () => {
    adapter.signedInAs();
    // A missing scenario still renders its protected page (with 'Scenario not found'), never a redirect.
    const expected: Record<string, string | RegExp> = {
      '/dashboard': 'Dashboard',
      '/accounts': 'Accounts',
      '/recurring-items': 'Recurring Items',
      '/scenarios': 'Scenarios',
      '/scenarios/compare': 'Compare Scenarios',
      '/scenarios/templates': 'Choose a Template',
      '/scenarios/template/investment_property': 'Buy an Investment Property',
      '/scenarios/builder': 'Create New Scenario',
      '/scenarios/builder/scenario-1': /Scenario/,
      '/scenarios/scenario-1': /Scenario/,
      '/start': 'Set up your plan',
      '/transactions': 'Transactions',
      '/transactions/import': 'Import statements',
      '/transactions/rules': 'Payee rules',
      '/transactions/recurring': 'Recurring items from your transactions',
      '/transactions/plan': 'Plan vs actual',
      '/profile': 'Profile',
    };
    for (const path of PROTECTED_PATHS) {
      const { router, unmount } = await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: expected[path] })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it('sign out clears the cached identity and returns to /login', async () => {
    adapter.signedInAs();
    const { router } = await renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(localStorage.getItem(IDENTITY_CACHE_KEY)).not.toBeNull();
    adapter.getCurrentUser.mockImplementation(async () => ({ user: null, offline: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(adapter.logout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('shows a not-found page for unknown paths', async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
