// Landing page: headline, the four 'How Wyrd Works' steps, Get Early Access scrolling, and the waitlist
// alert + clearing with nothing sent anywhere.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, resetAppState, TEST_CONFIG } from './render-app';
import * as adapter from './adapter-mock';

vi.mock('../../src/lib/auth/amplify-adapter', () => import('./adapter-mock'));
vi.mock('../../src/lib/config/app-config', async (original) => ({
  ...(await original<typeof import('../../src/lib/config/app-config')>()),
  loadAppConfig: async () => TEST_CONFIG,
}));

describe('landing page', () => {
  beforeEach(() => resetAppState());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the headline, header and the four steps', async () => {
    await renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: /^Financial planning, the / })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Early Access' })).toBeInTheDocument();
    const how = screen.getByRole('heading', { level: 2, name: 'How Wyrd Works' }).closest('section') as HTMLElement;
    const steps = within(how)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(steps).toEqual(['Create Your Baseline', 'Build Scenarios', 'Compare & Choose', 'Update As Needed']);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('does not load the auth adapter on the landing page', async () => {
    await renderApp('/');
    expect(adapter.configureAuth).not.toHaveBeenCalled();
    expect(adapter.getCurrentUser).not.toHaveBeenCalled();
  });

  it('Get Early Access scrolls to the waitlist', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Get Early Access' }));
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('waitlist'));
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('waitlist: required email input, exact alert, field cleared, nothing sent', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderApp('/');
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    await userEvent.type(input, 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(alert).toHaveBeenCalledWith("Thanks for joining! We'll be in touch at sam@example.com. Stay Wyrd!");
    expect(input).toHaveValue('');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
