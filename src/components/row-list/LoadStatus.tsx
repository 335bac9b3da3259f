// What a data screen shows before its data is ready: the loading line, or the failure with 'Try again' (which
// asks the screen to read once more). The money lists and the dashboard share it.
import { Button } from '../form/controls';
import './money-list.css';

export function LoadStatus({
  status,
  loading,
  failed,
  onRetry,
}: {
  status: 'loading' | 'error' | 'ready';
  loading: string;
  failed: string;
  onRetry: () => void;
}) {
  if (status === 'loading')
    return (
      <p className="money-status" role="status">
        {loading}
      </p>
    );
  if (status === 'error')
    return (
      <div className="card money-error" role="alert">
        <p>{failed}</p>
        <Button type="button" className="button button-ghost" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  return null;
}
