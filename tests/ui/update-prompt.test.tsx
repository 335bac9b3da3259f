// 'Update available': nothing while no new version waits; when one does, 'Update now' switches to it and
// 'Later' puts the prompt away.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '../../src/components/update-prompt/UpdatePrompt';
import { useUpdateStore } from '../../src/lib/pwa/register-sw';

afterEach(() => {
  cleanup();
  useUpdateStore.setState({ available: false, apply: null });
});

describe('<UpdatePrompt>', () => {
  it('shows nothing until a new version waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('region', { name: 'Update available' })).not.toBeInTheDocument();
  });

  it('asks before switching: Update now applies the waiting version, Later hides the prompt', async () => {
    const apply = vi.fn();
    useUpdateStore.setState({ available: true, apply });
    const { unmount } = render(<UpdatePrompt />);
    const prompt = screen.getByRole('region', { name: 'Update available' });
    expect(prompt).toHaveTextContent('A new version of Wyrd is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(apply).toHaveBeenCalledTimes(1);
    unmount();
    render(<UpdatePrompt />);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'Update available' })).not.toBeInTheDocument();
  });
});
