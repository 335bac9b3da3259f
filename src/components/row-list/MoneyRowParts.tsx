// Shared pieces of the money lists (accounts, recurring items): a titled group of rows with its empty message, a
// row's scenario badge, and a row's Edit and Delete buttons (named after the row for screen readers).
import type { ReactNode } from 'react';
import { Button } from '../form/controls';
import { RowList } from './RowList';

type GroupProps<T> = {
  /** The heading's id, which labels the group. */
  headingId: string;
  title: string;
  /** Shown instead of the list when it has no rows. */
  empty: string;
  items: ReadonlyArray<T>;
  renderRow: (item: T) => ReactNode;
};

export function MoneyGroup<T extends { id: string }>({ headingId, title, empty, items, renderRow }: GroupProps<T>) {
  return (
    <section className="money-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.length === 0 ? (
        <p className="money-status">{empty}</p>
      ) : (
        <RowList items={items} label={title} renderRow={renderRow} />
      )}
    </section>
  );
}

/** The badge naming the scenario a hypothetical row belongs to; nothing for the user's own rows. */
export function ScenarioBadge({ scenario }: { scenario: string | null }) {
  return scenario !== null ? <span className="badge badge-muted">Scenario: {scenario}</span> : null;
}

type ActionsProps = {
  /** The row's name, for the buttons' accessible names. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Further actions, before Edit. */
  children?: ReactNode;
};

export function RowActions({ name, onEdit, onDelete, children }: ActionsProps) {
  return (
    <div className="money-row-actions">
      {children}
      <Button type="button" className="button button-ghost" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button
        type="button"
        className="button button-ghost button-danger"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </div>
  );
}
