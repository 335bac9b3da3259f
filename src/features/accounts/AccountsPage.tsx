// The accounts screen (spec section 2 Accounts): summary, Assets and Liabilities lists, the Add/Edit modal,
// delete with confirmation, and the scenario-event link rules (edit through the event, never delete here).
import { Link } from '@tanstack/react-router';
import { memo, useCallback, useState } from 'react';
import { PageFrame } from '../../components/layout/PageFrame';
import { useToast } from '../../components/toast/ToastProvider';
import { useToastedAction } from '../../components/toast/use-toasted-action';
import { useDb } from '../../data/db-context';
import type { AccountRow } from '../../data/entities';
import { createAccount, deleteAccount, updateAccount } from '../../data/repositories/accounts';
import { DataConflictError, DataValidationError, ScenarioEventLinkError } from '../../data/repositories/errors';
import type { NetWorthData } from '../../../worker/engine/index';
import { formatMoney, formatMoneyCents } from '../../lib/format/money';
import { AccountModal, type AccountFormValues } from './AccountModal';
import { ACCOUNT_TYPE_LABELS } from './account-types';
import { LoadStatus } from '../../components/row-list/LoadStatus';
import { MoneyGroup, RowActions, ScenarioBadge } from '../../components/row-list/MoneyRowParts';
import { useScenarioEventEdit } from '../../components/row-list/use-scenario-event-edit';
import { useAccountsData, type AccountView } from './use-accounts-data';
import { Button } from '../../components/form/controls';

export const DELETE_CONFIRM = 'Are you sure you want to delete this account?';

const FIELD_LABELS: Record<string, string> = {
  name: 'Account name',
  account_type: 'Account type',
  institution: 'Institution',
  current_balance: 'Current balance',
  is_asset: 'Is asset',
};

/** A save failure as the form shows it: the spec's message, plus the field problems when the data was refused. */
function saveFailure(err: unknown): { message: string; detail?: string } {
  if (err instanceof ScenarioEventLinkError) return { message: err.message };
  if (err instanceof DataValidationError) {
    return {
      message: 'Failed to save account',
      detail: err.errors.map((e) => `${FIELD_LABELS[e.field] ?? e.field} ${e.message}`).join('; '),
    };
  }
  return { message: 'Failed to save account' };
}

type ModalState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; account: AccountRow };

export function AccountsPage() {
  const db = useDb();
  const showToast = useToast();
  const toasted = useToastedAction();
  const [attempt, setAttempt] = useState(0);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const state = useAccountsData(db, attempt);
  const openEvent = useScenarioEventEdit('account');

  const openAdd = useCallback(() => setModal({ mode: 'add' }), []);

  const onEdit = useCallback(
    (view: AccountView) => {
      if (openEvent(view.account.scenario_event_id, view.eventScenarioId)) return;
      setModal({ mode: 'edit', account: view.account });
    },
    [openEvent],
  );

  const onDelete = useCallback(
    async (view: AccountView) => {
      if (view.account.scenario_event_id) {
        showToast(
          new ScenarioEventLinkError('account', 'delete', view.account.scenario_event_id, view.eventScenarioId).message,
          'error',
        );
        return;
      }
      if (!window.confirm(DELETE_CONFIRM)) return;
      await toasted(
        () => deleteAccount(db, view.id),
        'Account deleted successfully!',
        'Failed to delete account',
        (err) =>
          err instanceof ScenarioEventLinkError || err instanceof DataConflictError
            ? err.message
            : 'Failed to delete account',
      );
    },
    [db, showToast, toasted],
  );

  const save = async (values: AccountFormValues) => {
    try {
      if (modal.mode === 'edit') await updateAccount(db, modal.account.id, values);
      else await createAccount(db, values);
    } catch (err) {
      console.error('Failed to save account', err);
      throw saveFailure(err);
    }
    showToast(modal.mode === 'edit' ? 'Account updated successfully!' : 'Account created successfully!', 'success');
    setModal({ mode: 'closed' });
  };

  const hasAccounts = state.status === 'ready' && state.data.total > 0;

  return (
    <PageFrame
      title="Accounts"
      testId="accounts"
      actions={
        hasAccounts ? (
          <Button type="button" className="button button-primary" onClick={openAdd}>
            + Add Account
          </Button>
        ) : undefined
      }
    >
      <LoadStatus
        status={state.status}
        loading="Loading accounts..."
        failed="Failed to load accounts"
        onRetry={() => setAttempt((n) => n + 1)}
      />
      {state.status === 'ready' && state.data.total === 0 && (
        <div className="card money-empty">
          <p>No accounts</p>
          <p className="money-empty-help">
            Your bank accounts, super, property and loans, with today&apos;s balances: every forecast starts from them.
          </p>
          <Button type="button" className="button button-primary" onClick={openAdd}>
            + Add Your First Account
          </Button>
        </div>
      )}
      {state.status === 'ready' && state.data.total > 0 && (
        <>
          <Summary summary={state.data.summary} />
          <AccountGroup title="Assets" accounts={state.data.assets} onEdit={onEdit} onDelete={onDelete} />
          <AccountGroup title="Liabilities" accounts={state.data.liabilities} onEdit={onEdit} onDelete={onDelete} />
        </>
      )}
      {modal.mode !== 'closed' && (
        <AccountModal
          account={modal.mode === 'edit' ? modal.account : null}
          onClose={() => setModal({ mode: 'closed' })}
          onSave={save}
        />
      )}
    </PageFrame>
  );
}

const Summary = memo(function Summary({ summary }: { summary: NetWorthData }) {
  return (
    <section className="money-summary" aria-label="Accounts summary">
      <div className="card money-stat">
        <h2 className="money-stat-label">Total Assets</h2>
        <p className="money-stat-value">{formatMoney(summary.total_assets)}</p>
      </div>
      <div className="card money-stat">
        <h2 className="money-stat-label">Total Liabilities</h2>
        <p className="money-stat-value">{formatMoney(summary.total_liabilities)}</p>
      </div>
      <div className="card money-stat">
        <h2 className="money-stat-label">Net Worth</h2>
        <p className={summary.net_worth < 0 ? 'money-stat-value money-negative' : 'money-stat-value'}>
          {formatMoney(summary.net_worth)}
        </p>
      </div>
    </section>
  );
});

const AccountGroup = memo(function AccountGroup({
  title,
  accounts,
  onEdit,
  onDelete,
}: {
  title: 'Assets' | 'Liabilities';
  accounts: AccountView[];
  onEdit: (account: AccountView) => void;
  onDelete: (account: AccountView) => void;
}) {
  const headingId = `accounts-${title.toLowerCase()}`;
  return (
    <MoneyGroup
      headingId={headingId}
      title={title}
      empty={title === 'Assets' ? 'No asset accounts' : 'No liability accounts'}
      items={accounts}
      renderRow={(view) => <AccountRowView view={view} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
});

const AccountRowView = memo(function AccountRowView({
  view,
  onEdit,
  onDelete,
}: {
  view: AccountView;
  onEdit: (account: AccountView) => void;
  onDelete: (account: AccountView) => void;
}) {
  const { account } = view;
  return (
    <article className="money-row" aria-label={account.name}>
      <div className="money-row-main">
        <h3 className="money-row-name">
          {account.name}
          <ScenarioBadge scenario={view.hypotheticalScenario} />
        </h3>
        <p className="money-row-meta">
          <span>{ACCOUNT_TYPE_LABELS[account.account_type] ?? account.account_type}</span>
          <span>{account.institution || 'No institution'}</span>
        </p>
      </div>
      <p className="money-row-amount">
        {formatMoneyCents(account.is_asset ? account.current_balance : Math.abs(account.current_balance))}
      </p>
      <RowActions name={account.name} onEdit={() => onEdit(view)} onDelete={() => void onDelete(view)}>
        {!account.scenario_event_id && (
          <Link
            to="/transactions/import"
            search={{ account: account.id }}
            className="button button-ghost"
            aria-label={`Import a statement into ${account.name}`}
          >
            Import
          </Link>
        )}
      </RowActions>
    </article>
  );
});
