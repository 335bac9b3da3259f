// Profile screen race: the attributes it fetches on opening can arrive after the person has started typing or
// has saved (a slow network or a busy machine). They must not throw the typed name away or undo a save.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthResult } from '../../src/lib/auth/auth-types';
import { renderApp, resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

const STALE: AuthResult = { success: true, attributes: adapter.TEST_USER.attributes ?? {} };

/** Opens the profile with its attribute fetch held back; returns the function that lets it answer. */
async function openProfileWithLateAttributes(): Promise<{ arrive: () => Promise<void>; answer: () => void }> {
  let answer: (result: AuthResult) => void = () => undefined;
  adapter.getUserAttributes.mockImplementationOnce(() => new Promise<AuthResult>((resolve) => (answer = resolve)));
  adapter.signedInAs();
  await renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Ada'));
  return {
    arrive: async () => {
      await act(async () => answer(STALE));
    },
    answer: () => answer(STALE),
  };
}

describe('profile attributes that arrive late', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it('keep the name being typed, and the save sends it', async () => {
    const { arrive } = await openProfileWithLateAttributes();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    await arrive();
    expect(screen.getByLabelText('First Name')).toHaveValue('Grace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(adapter.updateProfile).toHaveBeenCalledWith('Grace', 'Lovelace');
  });

  it('do not undo a save or hide its message', async () => {
    const { arrive } = await openProfileWithLateAttributes();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    await arrive();
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Grace');
  });

  it('keep a name typed after the answer came but before the screen showed it', async () => {
    const { answer } = await openProfileWithLateAttributes();
    await act(async () => {
      // The answer's handlers run (a render is queued, not yet done), then a keystroke lands before that render.
      answer();
      await new Promise((resolve) => setTimeout(resolve, 0));
      fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Grace' } });
    });
    expect(screen.getByLabelText('First Name')).toHaveValue('Grace');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(adapter.updateProfile).toHaveBeenCalledWith('Grace', 'Lovelace');
  });
});
