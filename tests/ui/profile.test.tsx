// Profile screen: the two tabs, Verified / Not verified, first name required, save messages, and the
// change-password rules and messages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../../src/lib/auth/auth-store';
import { renderApp, resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const user = () => userEvent.setup();

async function openProfile() {
  adapter.signedInAs();
  const view = await renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Ada'));
  return view;
}

async function openSecurity() {
  await openProfile();
  await user().click(screen.getByRole('tab', { name: 'Security' }));
  await screen.findByRole('heading', { name: 'Change Password' });
}

describe('profile information', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it('has the two tabs and switches between them', async () => {
    await openProfile();
    const info = screen.getByRole('tab', { name: 'Profile Information' });
    const security = screen.getByRole('tab', { name: 'Security' });
    expect(info).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Profile Information');
    await user().click(security);
    expect(security).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Security');
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
    await user().click(info);
    expect(screen.getByLabelText('First Name')).toBeInTheDocument();
  });

  it('shows the email with Verified, or Not verified', async () => {
    await openProfile();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    cleanup();
    resetAppState();
    adapter.getUserAttributes.mockResolvedValueOnce({
      success: true,
      attributes: { email: 'bo@example.com', email_verified: 'false', given_name: 'Bo' },
    });
    adapter.signedInAs();
    await renderApp('/profile');
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
  });

  it('requires the first name', async () => {
    await openProfile();
    await user().clear(screen.getByLabelText('First Name'));
    await user().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('First name is required');
    expect(adapter.updateProfile).not.toHaveBeenCalled();
  });

  it("saves: 'Profile updated successfully!' and the user is re-read", async () => {
    await openProfile();
    await user().clear(screen.getByLabelText('First Name'));
    await user().type(screen.getByLabelText('First Name'), 'Augusta');
    const reads = adapter.getCurrentUser.mock.calls.length;
    adapter.signedInAs({
      ...adapter.TEST_USER,
      attributes: { ...adapter.TEST_USER.attributes, given_name: 'Augusta' },
    });
    await user().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(adapter.updateProfile).toHaveBeenCalledWith('Augusta', 'Lovelace');
    expect(adapter.getCurrentUser.mock.calls.length).toBe(reads + 1);
    expect(useAuthStore.getState().user?.attributes?.given_name).toBe('Augusta');
    expect(screen.getByLabelText('First Name')).toHaveValue('Augusta');
  });

  it("shows 'Failed to update profile' when saving fails", async () => {
    adapter.updateProfile.mockResolvedValueOnce({ success: false });
    await openProfile();
    await user().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });
});

describe('change password', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  async function fill(current: string, next: string, confirm: string) {
    await user().type(screen.getByLabelText('Current Password'), current);
    await user().type(screen.getByLabelText('New Password'), next);
    await user().type(screen.getByLabelText('Confirm Password'), confirm);
    await user().click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it("'New passwords do not match'", async () => {
    await openSecurity();
    await fill('Old#12345', 'New#12345', 'New#12346');
    expect(await screen.findByRole('alert')).toHaveTextContent('New passwords do not match');
    expect(adapter.changePassword).not.toHaveBeenCalled();
  });

  it("'Password must be at least 8 characters'", async () => {
    await openSecurity();
    await fill('Old#12345', 'Ab#1', 'Ab#1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    expect(adapter.changePassword).not.toHaveBeenCalled();
  });

  it("'Password changed successfully!' and the fields clear", async () => {
    await openSecurity();
    await fill('Old#12345', 'New#12345', 'New#12345');
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(adapter.changePassword).toHaveBeenCalledWith('Old#12345', 'New#12345');
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("shows the auth error, or 'Failed to change password'", async () => {
    adapter.changePassword.mockResolvedValueOnce({ success: false, error: 'Incorrect username or password.' });
    await openSecurity();
    await fill('Wrong#123', 'New#12345', 'New#12345');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    adapter.changePassword.mockResolvedValueOnce({ success: false });
    await fill('Wrong#123', 'New#12345', 'New#12345');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to change password'));
  });
});
