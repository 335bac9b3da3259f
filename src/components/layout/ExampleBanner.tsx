// The band every signed-in screen shows while the example household is loaded: it says the figures are an
// example, kept apart from the user's own, and removes the example (its whole database) in one action.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { removeExample } from '../../data/example-household/example-household';
import { Button } from '../form/controls';

export function ExampleBanner({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    try {
      await removeExample(userId);
      await navigate({ to: '/dashboard' });
    } finally {
      setRemoving(false);
    }
  };
  return (
    <aside className="example-banner" aria-label="Example household" data-testid="example-banner">
      <p>
        <strong>Example household.</strong> You are exploring Sam and Priya&apos;s plan. It is kept apart from your own
        data and is never saved to your account.
      </p>
      <Button variant="primary" onClick={() => void remove()} disabled={removing}>
        {removing ? 'Removing...' : 'Remove example'}
      </Button>
    </aside>
  );
}
