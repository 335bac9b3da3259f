// The import preview's possible duplicates, one by one: each is kept as a separate transaction unless the user
// says it is the same as the one already here.
import { formatCents, formatDay } from '../tx-format';
import { Button } from '../ui';
import type { ImportPreview } from './import-preview';

export function ProposedList({
  proposed,
  same,
  decide,
}: {
  proposed: ImportPreview['proposed'];
  same: ReadonlySet<number>;
  decide: (index: number, isSame: boolean) => void;
}) {
  if (proposed.length === 0) return null;
  return (
    <section aria-labelledby="tx-proposed-title">
      <h3 id="tx-proposed-title">Possible duplicates ({proposed.length})</h3>
      <p className="money-status">
        These look like transactions already here. Both are kept unless you say they are the same.
      </p>
      <ol className="tx-review-list">
        {proposed.map((p, i) => {
          const isSame = same.has(i);
          const what = `${p.incoming.description}, ${formatDay(p.incoming.date)}, ${formatCents(p.incoming.amount_cents)}`;
          return (
            <li key={i} className="card tx-review">
              <div>
                <p>
                  <strong>{what}</strong> (line {p.incoming.line})
                </p>
                <p className="money-status">{p.reason}</p>
                <p>{isSame ? 'Marked as the same: it will not be added.' : 'Kept as a separate transaction.'}</p>
              </div>
              <div className="tx-step-actions" role="group" aria-label={`Possible duplicate: ${what}`}>
                <Button aria-pressed={isSame} onClick={() => decide(i, true)}>
                  Same transaction
                </Button>
                <Button aria-pressed={!isSame} onClick={() => decide(i, false)}>
                  Keep both
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
