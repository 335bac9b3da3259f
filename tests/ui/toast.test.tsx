// Toasts: success / error / info, announced in an aria-live region, auto-dismissed after 3000 ms.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ToastProvider, useToast, type ToastType } from '../../src/components/toast/ToastProvider';

function Trigger({ message, type }: { message: string; type: ToastType }) {
  const showToast = useToast();
  return (
    <button type="button" onClick={() => showToast(message, type)}>
      show {type}
    </button>
  );
}

describe('toasts', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows each type and dismisses after 3000 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Account created successfully!" type="success" />
        <Trigger message="Failed to save account" type="error" />
        <Trigger message="Heads up" type="info" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show success' }).click());
    act(() => screen.getByRole('button', { name: 'show error' }).click());
    act(() => screen.getByRole('button', { name: 'show info' }).click());
    expect(screen.getByText('Account created successfully!').closest('.toast')).toHaveClass('toast-success');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save account');
    expect(screen.getByText('Heads up').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
    expect(screen.queryByText('Account created successfully!')).not.toBeInTheDocument();
  });

  it('can be dismissed by hand', () => {
    render(
      <ToastProvider>
        <Trigger message="Saved" type="success" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show success' }).click());
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
