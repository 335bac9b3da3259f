// The import's last step: what was added and linked, the offer to set the account's balance from the statement's
// closing balance, and where to go next.
import { Link } from '@tanstack/react-router';
import { formatCents, formatDay, plural } from '../tx-format';
import { Button } from '../ui';
import type { ImportFlow, Step } from './use-import-flow';

export function DoneStep({
  step,
  flow,
  accountName,
}: {
  step: Extract<Step, { kind: 'done' }>;
  flow: ImportFlow;
  accountName: string;
}) {
  const { closing } = step;
  return (
    <div className="card" data-step="done">
      <h2>Import finished</h2>
      <p role="status">
        Added {plural(step.result.added, 'transaction')} to {accountName}.
        {step.result.transfers > 0 && ` Linked ${plural(step.result.transfers, 'transfer')} between your accounts.`}
      </p>
      {closing && !step.balanceSet && (
        <div className="tx-offer">
          <p>
            The statement&apos;s closing balance is {formatCents(closing.cents)}
            {closing.date ? ` on ${formatDay(closing.date)}` : ''}.
          </p>
          <Button variant="primary" onClick={() => void flow.setBalance(closing.cents)}>
            Set {accountName}&apos;s balance to {formatCents(closing.cents)}
          </Button>
        </div>
      )}
      {step.balanceSet && <p>{accountName}&apos;s balance is now the statement&apos;s closing balance.</p>}
      <div className="tx-step-actions">
        <Link to="/transactions" search={{ account: flow.account }} className="button button-primary">
          See the transactions
        </Link>
        <Link to="/transactions/recurring" className="button button-ghost">
          Find recurring items
        </Link>
        <Button onClick={flow.restart}>Import more</Button>
      </div>
    </div>
  );
}
