// 'Update available': shown when a new version of the app is installed and waiting; the user chooses when to
// switch (the page reloads then). Unsynced changes are kept on the device; typed but unsaved input is not.
import { useState } from 'react';
import { useUpdateStore } from '../../lib/pwa/register-sw';

export function UpdatePrompt() {
  const { available, apply } = useUpdateStore();
  const [later, setLater] = useState(false);
  return (
    <div aria-live="polite">
      {available && apply && !later && (
        <div className="update-prompt" role="region" aria-label="Update available">
          <p>
            <strong>Update available.</strong> A new version of Wyrd is ready. Save anything you are typing first: your
            saved changes are kept.
          </p>
          <div className="update-prompt-actions">
            <button type="button" className="button" onClick={apply}>
              Update now
            </button>
            <button type="button" className="button button-ghost" onClick={() => setLater(true)}>
              Later
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
