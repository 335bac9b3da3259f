// The Profile screen's third tab: 'Data' sits after the two existing tabs, arrow keys cycle through all three,
// and it shows the Export data button and the Import data file input (the identity vendor adapter is faked).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

configure({ asyncUtilTimeout: 5_000 });

describe('profile Data tab', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it('is the third tab, reachable with the arrow keys, with export and import', async () => {
    adapter.signedInAs();
    await renderApp('/profile');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Ada'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile Information', 'Security', 'Data']);
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'Profile Information' }).focus();
    await user.keyboard('{ArrowLeft}');
    const data = screen.getByRole('tab', { name: 'Data' });
    expect(data).toHaveFocus();
    expect(data).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Data');
    expect(screen.getByRole('button', { name: 'Export data' })).toBeInTheDocument();
    expect(screen.getByLabelText('Import data')).toHaveAttribute('type', 'file');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile Information' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });
});
