// The Transactions screen: every imported or typed transaction, virtualised and read a page at a time; search,
// filters (account, dates, category, uncategorised), sort by date or amount, inline and bulk category changes
// with "remember for this payee", the running balance of one account, and the import batches with undo.
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { PageFrame } from '../../components/layout/PageFrame';
import { useToast } from '../../components/toast/ToastProvider';
import { useDb } from '../../data/db-context';
import type { CategoryRow } from '../../data/entities';
import { BatchesPanel } from './BatchesPanel';
import { formatCents, formatDay, plural } from './tx-format';
import { queryIds, runningBalances, type SortKey, type TransactionRow, type TxQuery } from './tx-store';
import { recategorise, savePayeeRule } from './tx-writes';
import { Button, Checkbox, SelectField, TextField } from './ui';
import { useTxLookups, type Lookups } from './use-tx-lookups';
import { useTxPages } from './use-tx-pages';
import './transactions.css';

const ROW_HEIGHT = 56;

/** Filters to open with (from the address: an account's row, a plan-vs-actual category). */
export type TransactionsPageProps = { accountId?: string; category?: string; from?: string; to?: string };

type RememberOffer = { payee: string; categoryId: string };

export function TransactionsPage({
  accountId,
  category: initialCategory,
  from: initialFrom,
  to: initialTo,
}: TransactionsPageProps = {}) {
  const db = useDb();
  const showToast = useToast();
  const lookups = useTxLookups(db);
  const [account, setAccount] = useState(accountId ?? '');
  const [from, setFrom] = useState(initialFrom ?? '');
  const [to, setTo] = useState(initialTo ?? '');
  const [category, setCategory] = useState(initialCategory ?? '');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<SortKey>('date-desc');
  const deferredText = useDeferredValue(text);
  const query: TxQuery = useMemo(
    () => ({
      accountId: account || undefined,
      from: from || undefined,
      to: to || undefined,
      category: category || undefined,
      text: deferredText || undefined,
      sort,
    }),
    [account, from, to, category, deferredText, sort],
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [offer, setOffer] = useState<RememberOffer | null>(null);

  const changeCategory = useCallback(
    async (row: TransactionRow, categoryId: string) => {
      try {
        await recategorise(db, [row.id], categoryId || null);
        if (categoryId && row.payee) setOffer({ payee: row.payee, categoryId });
      } catch (err) {
        console.error('Failed to change the category', err);
        showToast('Could not change the category', 'error');
      }
    },
    [db, showToast],
  );

  const remember = async () => {
    if (!offer) return;
    try {
      await savePayeeRule(db, offer.payee, offer.categoryId);
      showToast(
        `Saved: ${offer.payee} is always ${lookups?.categoryName.get(offer.categoryId) ?? 'this category'}`,
        'success',
      );
      setOffer(null);
    } catch (err) {
      console.error('Failed to save the payee rule', err);
      showToast('Could not save the rule', 'error');
    }
  };

  const clearFilters = () => {
    setAccount('');
    setFrom('');
    setTo('');
    setCategory('');
    setText('');
  };

  return (
    <PageFrame
      title="Transactions"
      testId="transactions"
      actions={
        <div className="tx-actions">
          <Link to="/transactions/import" search={account ? { account } : {}} className="button button-primary">
            Import statements
          </Link>
          <Link to="/transactions/recurring" className="button button-ghost">
            Find recurring items
          </Link>
          <Link to="/transactions/plan" className="button button-ghost">
            Plan vs actual
          </Link>
          <Link to="/transactions/rules" className="button button-ghost">
            Payee rules
          </Link>
        </div>
      }
    >
      {!lookups ? (
        <p className="money-status" role="status">
          Loading transactions...
        </p>
      ) : (
        <>
          <form
            className="tx-filters"
            role="search"
            aria-label="Filter transactions"
            onSubmit={(e) => e.preventDefault()}
          >
            <TextField
              label="Search"
              type="search"
              value={text}
              placeholder="Payee, description or note"
              onChange={(e) => setText(e.target.value)}
            />
            <SelectField label="Account" value={account} onChange={(e) => setAccount(e.target.value)}>
              <option value="">All accounts</option>
              {lookups.accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </SelectField>
            <SelectField label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">All categories</option>
              <option value="none">Uncategorised</option>
              {lookups.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label="From"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
            <TextField
              label="To"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
            <SelectField label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
              <option value="date-desc">Newest first</option>
              <option value="date-asc">Oldest first</option>
              <option value="amount-desc">Largest money in first</option>
              <option value="amount-asc">Largest money out first</option>
            </SelectField>
            <Button onClick={clearFilters}>Clear filters</Button>
          </form>
          {offer && (
            <div className="card tx-offer" role="status">
              <p>
                Use {lookups.categoryName.get(offer.categoryId) ?? 'this category'} for {offer.payee} in future imports?
              </p>
              <Button variant="primary" onClick={() => void remember()}>
                Remember for {offer.payee}
              </Button>
              <Button onClick={() => setOffer(null)}>Not now</Button>
            </div>
          )}
          <TransactionTable
            query={query}
            lookups={lookups}
            selected={selected}
            setSelected={setSelected}
            onCategory={changeCategory}
            onFiltered={clearFilters}
          />
          <BatchesPanel />
        </>
      )}
    </PageFrame>
  );
}

function TransactionTable({
  query,
  lookups,
  selected,
  setSelected,
  onCategory,
  onFiltered,
}: {
  query: TxQuery;
  lookups: Lookups;
  selected: ReadonlySet<string>;
  setSelected: (s: ReadonlySet<string>) => void;
  onCategory: (row: TransactionRow, categoryId: string) => Promise<void>;
  onFiltered: () => void;
}) {
  const db = useDb();
  const showToast = useToast();
  const scroller = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<[number, number]>([0, 30]);
  const pages = useTxPages(db, query, range[0], range[1]);
  const count = pages.count ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are not memoisable
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    onChange: (v) => {
      const items = v.getVirtualItems();
      if (items.length === 0) return;
      const first = items[0].index;
      const last = items[items.length - 1].index;
      setRange((r) => (r[0] === first && r[1] === last ? r : [first, last]));
    },
  });
  const account = query.accountId ? lookups.accounts.find((a) => a.id === query.accountId) : undefined;
  const showBalance = !!account && (query.sort === 'date-desc' || query.sort === 'date-asc');
  const balances = useLiveQuery(
    async () =>
      account && showBalance ? runningBalances(db, account.id, Math.round(account.current_balance * 100)) : null,
    [db, account?.id, account?.current_balance, showBalance],
  );
  const [bulkCategory, setBulkCategory] = useState('');
  const [busy, setBusy] = useState(false);

  const toggle = useCallback(
    (id: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      setSelected(next);
    },
    [selected, setSelected],
  );

  const selectAll = async () => {
    setSelected(new Set(await queryIds(db, query)));
  };

  const applyBulk = async () => {
    if (selected.size === 0) return;
    setBusy(true);
    try {
      await recategorise(db, [...selected], bulkCategory === 'none' || !bulkCategory ? null : bulkCategory);
      showToast(`Changed the category of ${plural(selected.size, 'transaction')}`, 'success');
      setSelected(new Set());
    } catch (err) {
      console.error('Failed to recategorise', err);
      showToast('Could not change the categories', 'error');
    } finally {
      setBusy(false);
    }
  };

  if (pages.failed) {
    return (
      <div className="card money-error" role="alert">
        <p>Failed to load transactions</p>
      </div>
    );
  }
  if (pages.count === null) {
    return (
      <p className="money-status" role="status">
        Loading transactions...
      </p>
    );
  }
  const filtered = !!(query.accountId || query.from || query.to || query.category || query.text);
  if (count === 0) {
    return (
      <div className="card money-empty">
        {filtered ? (
          <>
            <p>No transactions match these filters</p>
            <Button onClick={onFiltered}>Clear filters</Button>
          </>
        ) : (
          <>
            <p>No transactions yet</p>
            <Link to="/transactions/import" className="button button-primary">
              Import your first statement
            </Link>
          </>
        )}
      </div>
    );
  }
  const columns = showBalance ? 'tx-grid tx-grid-balance' : 'tx-grid';
  return (
    <section aria-label="Transaction list">
      <div className="tx-toolbar">
        <p role="status" className="money-status">
          {plural(count, 'transaction')}
          {selected.size > 0 && `, ${selected.size.toLocaleString('en-AU')} selected`}
        </p>
        <Button onClick={() => void selectAll()}>Select all {count.toLocaleString('en-AU')}</Button>
        {selected.size > 0 && (
          <div className="tx-bulk" role="group" aria-label="Change selected">
            <SelectField
              label="Category for selected"
              value={bulkCategory}
              onChange={(e) => setBulkCategory(e.target.value)}
            >
              <option value="">Choose a category</option>
              <option value="none">Uncategorised</option>
              {lookups.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <Button variant="primary" disabled={busy || !bulkCategory} onClick={() => void applyBulk()}>
              Apply to {plural(selected.size, 'transaction')}
            </Button>
            <Button onClick={() => setSelected(new Set())}>Clear selection</Button>
          </div>
        )}
      </div>
      <div role="table" aria-label="Transactions" aria-rowcount={count + 1} className="tx-table">
        <div role="rowgroup">
          <div role="row" className={`${columns} tx-head`} aria-rowindex={1}>
            <span role="columnheader">
              <span className="visually-hidden">Selected</span>
            </span>
            <span role="columnheader" aria-sort={query.sort.startsWith('date') ? sortDir(query.sort) : undefined}>
              Date
            </span>
            <span role="columnheader">Payee</span>
            <span role="columnheader">Category</span>
            <span
              role="columnheader"
              className="tx-num"
              aria-sort={query.sort.startsWith('amount') ? sortDir(query.sort) : undefined}
            >
              Amount
            </span>
            {showBalance && (
              <span role="columnheader" className="tx-num">
                Balance
              </span>
            )}
          </div>
        </div>
        {/* The scroll area is focusable so keyboard users can scroll it with the arrow keys. */}
        <div ref={scroller} className="tx-scroller" tabIndex={0} role="rowgroup" aria-label={`Transactions (${count})`}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = pages.row(item.index);
              return (
                <div
                  key={row?.id ?? `loading-${item.index}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={columns}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  {row ? (
                    <TxRow
                      row={row}
                      lookups={lookups}
                      showAccount={!query.accountId}
                      balance={showBalance ? (balances?.get(row.id) ?? null) : undefined}
                      selected={selected.has(row.id)}
                      onToggle={toggle}
                      onCategory={onCategory}
                    />
                  ) : (
                    <span role="cell" className="money-status">
                      Loading...
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}

function sortDir(sort: SortKey): 'ascending' | 'descending' {
  return sort.endsWith('asc') ? 'ascending' : 'descending';
}

const TxRow = memo(function TxRow({
  row,
  lookups,
  showAccount,
  balance,
  selected,
  onToggle,
  onCategory,
}: {
  row: TransactionRow;
  lookups: Lookups;
  showAccount: boolean;
  /** undefined: no balance column; null: not known. */
  balance: number | null | undefined;
  selected: boolean;
  onToggle: (id: string, on: boolean) => void;
  onCategory: (row: TransactionRow, categoryId: string) => Promise<void>;
}) {
  const name = row.payee || row.description;
  const label = `${name}, ${formatDay(row.date)}, ${formatCents(row.amount_cents)}`;
  return (
    <>
      <span role="cell">
        <Checkbox label={`Select ${label}`} checked={selected} onChange={(e) => onToggle(row.id, e.target.checked)} />
      </span>
      <span role="cell" className="tx-date">
        {formatDay(row.date)}
      </span>
      <span role="cell" className="tx-payee">
        <span className="tx-payee-name">
          {name}
          {row.transfer_id && <span className="badge badge-muted">Transfer</span>}
          {row.recurring_item_id && <span className="badge badge-success">Recurring</span>}
        </span>
        <small className="tx-desc">
          {showAccount ? `${lookups.accountName.get(row.account_id) ?? 'Unknown account'} · ` : ''}
          {row.description}
        </small>
      </span>
      <span role="cell">
        <CategorySelect
          categories={lookups.categories}
          value={row.category_id ?? ''}
          label={`Category for ${label}`}
          onChange={(v) => void onCategory(row, v)}
        />
      </span>
      <span role="cell" className={row.amount_cents < 0 ? 'tx-num money-negative' : 'tx-num money-positive'}>
        {formatCents(row.amount_cents)}
      </span>
      {balance !== undefined && (
        <span role="cell" className="tx-num tx-balance">
          {balance === null ? '' : formatCents(balance)}
        </span>
      )}
    </>
  );
});

function CategorySelect({
  categories,
  value,
  label,
  onChange,
}: {
  categories: CategoryRow[];
  value: string;
  label: string;
  onChange: (v: string) => void;
}) {
  return (
    <SelectField label={label} hideLabel value={value} onChange={(e) => onChange(e.target.value)} className="tx-cat">
      <option value="">Uncategorised</option>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
