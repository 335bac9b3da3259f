// The recurring items screen (spec section 2 Recurring Items): the normalised monthly summary, Income and
// Expenses lists, the add/edit modal, delete with confirmation, categories, and the scenario-event link rules.
import { memo, useCallback, useState } from 'react';
import { PageFrame } from '../../components/layout/PageFrame';
import { useToast } from '../../components/toast/ToastProvider';
import { useToastedAction } from '../../components/toast/use-toasted-action';
import { useDb } from '../../data/db-context';
import type { CategoryRow, RecurringItemRow } from '../../data/entities';
import { createCategory } from '../../data/repositories/categories';
import { DataValidationError, ScenarioEventLinkError } from '../../data/repositories/errors';
import {
  createRecurringItem,
  deleteRecurringItem,
  updateRecurringItem,
  type RecurringItemType,
} from '../../data/repositories/recurring-items';
import type { RecurringSummary } from '../../../worker/engine/index';
import { formatMoney, formatMoneyCents } from '../../lib/format/money';
import { CategoryManager } from './CategoryManager';
import { FREQUENCY_LABELS, RecurringItemModal, type RecurringFormValues } from './RecurringItemModal';
import { LoadStatus } from '../../components/row-list/LoadStatus';
import { MoneyGroup, RowActions, ScenarioBadge } from '../../components/row-list/MoneyRowParts';
import { useScenarioEventEdit } from '../../components/row-list/use-scenario-event-edit';
import { useRecurringData, type RecurringView } from './use-recurring-data';
import { Button } from '../../components/form/controls';
import './recurring-items.css';
import { formatShortDate } from '../../lib/format/dates';

export const DELETE_CONFIRM = 'Are you sure you want to delete this recurring item?';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  amount: 'Amount',
  frequency: 'Frequency',
  start_date: 'Start date',
  end_date: 'End date',
  account_id: 'Account',
  category_id: 'Category',
};

function saveFailure(err: unknown): { message: string; detail?: string } {
  if (err instanceof ScenarioEventLinkError) return { message: err.message };
  if (err instanceof DataValidationError) {
    return {
      message: 'Failed to save recurring item',
      detail: err.errors.map((e) => `${FIELD_LABELS[e.field] ?? e.field} ${e.message}`).join('; '),
    };
  }
  return { message: 'Failed to save recurring item' };
}

type ModalState =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; item: RecurringItemRow } | { mode: 'categories' };

export function RecurringItemsPage() {
  const db = useDb();
  const showToast = useToast();
  const toasted = useToastedAction();
  const [attempt, setAttempt] = useState(0);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const state = useRecurringData(db, attempt);
  const openEvent = useScenarioEventEdit('recurring item');

  const openAdd = useCallback(() => setModal({ mode: 'add' }), []);

  const onEdit = useCallback(
    (view: RecurringView) => {
      if (openEvent(view.item.scenario_event_id, view.eventScenarioId)) return;
      setModal({ mode: 'edit', item: view.item });
    },
    [openEvent],
  );

  const onDelete = useCallback(
    async (view: RecurringView) => {
      if (view.item.scenario_event_id) {
        showToast(
          new ScenarioEventLinkError('recurring item', 'delete', view.item.scenario_event_id, view.eventScenarioId)
            .message,
          'error',
        );
        return;
      }
      if (!window.confirm(DELETE_CONFIRM)) return;
      await toasted(
        () => deleteRecurringItem(db, view.id),
        'Recurring item deleted successfully!',
        'Failed to delete recurring item',
        (err) => (err instanceof ScenarioEventLinkError ? err.message : 'Failed to delete recurring item'),
      );
    },
    [db, showToast, toasted],
  );

  const save = async (values: RecurringFormValues) => {
    try {
      if (modal.mode === 'edit') await updateRecurringItem(db, modal.item.id, values);
      else await createRecurringItem(db, values);
    } catch (err) {
      console.error('Failed to save recurring item', err);
      throw saveFailure(err);
    }
    showToast(
      modal.mode === 'edit' ? 'Recurring item updated successfully!' : 'Recurring item created successfully!',
      'success',
    );
    setModal({ mode: 'closed' });
  };

  const addCategory = async (name: string, type: RecurringItemType): Promise<CategoryRow> => {
    try {
      return await createCategory(db, { name, type });
    } catch (err) {
      if (err instanceof DataValidationError) {
        const message = err.messageFor('name');
        throw { message: message === 'is required' || !message ? 'Please enter a category name' : message };
      }
      throw { message: 'Failed to add category' };
    }
  };

  const ready = state.status === 'ready' ? state.data : null;

  return (
    <PageFrame
      title="Recurring Items"
      testId="recurring-items"
      actions={
        ready ? (
          <div className="page-actions">
            <Button type="button" className="button button-ghost" onClick={() => setModal({ mode: 'categories' })}>
              Manage categories
            </Button>
            {ready.total > 0 && (
              <Button type="button" className="button button-primary" onClick={openAdd}>
                + Add Recurring Item
              </Button>
            )}
          </div>
        ) : undefined
      }
    >
      <LoadStatus
        status={state.status}
        loading="Loading recurring items..."
        failed="Failed to load recurring items"
        onRetry={() => setAttempt((n) => n + 1)}
      />
      {ready && ready.total === 0 && (
        <div className="card money-empty">
          <p>No recurring items</p>
          <p className="money-empty-help">
            Your pay and the bills that come round regularly: they make your cash flow and drive every forecast.
          </p>
          <Button type="button" className="button button-primary" onClick={openAdd}>
            + Add Recurring Item
          </Button>
        </div>
      )}
      {ready && ready.total > 0 && (
        <>
          <Summary summary={ready.summary} />
          <ItemGroup title="Income" items={ready.income} onEdit={onEdit} onDelete={onDelete} />
          <ItemGroup title="Expenses" items={ready.expenses} onEdit={onEdit} onDelete={onDelete} />
        </>
      )}
      {ready && (modal.mode === 'add' || modal.mode === 'edit') && (
        <RecurringItemModal
          item={modal.mode === 'edit' ? modal.item : null}
          categories={ready.categories}
          accounts={ready.accounts}
          onClose={() => setModal({ mode: 'closed' })}
          onSave={save}
          onCreateCategory={addCategory}
        />
      )}
      {ready && modal.mode === 'categories' && (
        <CategoryManager db={db} categories={ready.categories} onClose={() => setModal({ mode: 'closed' })} />
      )}
    </PageFrame>
  );
}

const Summary = memo(function Summary({ summary }: { summary: RecurringSummary }) {
  return (
    <section className="money-summary" aria-label="Recurring items summary">
      <div className="card money-stat">
        <h2 className="money-stat-label">Monthly Income</h2>
        <p className="money-stat-value money-positive">{formatMoney(summary.monthly_income)}</p>
      </div>
      <div className="card money-stat">
        <h2 className="money-stat-label">Monthly Expenses</h2>
        <p className="money-stat-value money-negative">{formatMoney(summary.monthly_expenses)}</p>
      </div>
      <div className="card money-stat">
        <h2 className="money-stat-label">Net Cash Flow</h2>
        <p className={summary.net_cash_flow < 0 ? 'money-stat-value money-negative' : 'money-stat-value'}>
          {formatMoney(summary.net_cash_flow)}
        </p>
      </div>
    </section>
  );
});

const ItemGroup = memo(function ItemGroup({
  title,
  items,
  onEdit,
  onDelete,
}: {
  title: 'Income' | 'Expenses';
  items: RecurringView[];
  onEdit: (item: RecurringView) => void;
  onDelete: (item: RecurringView) => void;
}) {
  const headingId = `recurring-${title.toLowerCase()}`;
  return (
    <MoneyGroup
      headingId={headingId}
      title={title}
      empty={title === 'Income' ? 'No income items' : 'No expense items'}
      items={items}
      renderRow={(view) => <ItemRow view={view} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
});

const ItemRow = memo(function ItemRow({
  view,
  onEdit,
  onDelete,
}: {
  view: RecurringView;
  onEdit: (item: RecurringView) => void;
  onDelete: (item: RecurringView) => void;
}) {
  const { item } = view;
  return (
    <article className="money-row" aria-label={item.name}>
      <div className="money-row-main">
        <h3 className="money-row-name">
          {item.name}
          {!item.is_active && <span className="badge badge-warning">Inactive</span>}
          <ScenarioBadge scenario={view.hypotheticalScenario} />
        </h3>
        <p className="money-row-meta">
          <span>{view.categoryName}</span>
          <span>{view.accountName}</span>
          <span>{FREQUENCY_LABELS[item.frequency] ?? item.frequency}</span>
          <span>From {formatShortDate(item.start_date)}</span>
          {item.end_date && <span>Until {formatShortDate(item.end_date)}</span>}
        </p>
      </div>
      <p className={item.amount > 0 ? 'money-row-amount money-positive' : 'money-row-amount'}>
        {formatMoneyCents(Math.abs(item.amount))}
      </p>
      <RowActions name={item.name} onEdit={() => onEdit(view)} onDelete={() => void onDelete(view)} />
    </article>
  );
});
