// Export and import of the backup file the forecast CLI reads (docs/backup-format.md): export writes every
// entity with the spec's fields; import validates the whole file first, lists every problem with its JSON
// path, and then replaces the user's data in one transaction (with outbox rows so sync pushes it) or not at all.
import {
  BACKUP_VERSION,
  BACKUP_VERSION_BANK,
  BackupFileSchema,
  BackupFileV2Schema,
  fieldErrors,
  getTemplate,
  SYNC_ROW_ENTITIES,
  type AnyBackupFile,
  type AssumptionsInput,
  type BackupFile,
  type FieldError,
  type Modification,
  type SyncRowEntity,
} from '../../worker/engine/index';
import { rowTable, storesOf, type LocalRowOf, type WyrdDb } from './db';
import { TxTable } from './tx-blocks';
import { DEFAULT_CATEGORIES_FLAG } from './default-categories';
import { inSlices } from './in-slices';
import type { AccountRow, IsoTimestamp, ModificationRow, OutboxRow } from './entities';
import { outboxRow, type DeletePayload } from './outbox';
import { ASSUMPTIONS_KEY, getAssumptions } from './repositories/assumptions';
import { timestamp, type WriteOptions } from './repositories/write';

export type { FieldError as BackupProblem } from '../../worker/engine/index';

/** Records written per synced row entity (the bank entities only for a version 2 file). */
export type ImportCounts = Record<Exclude<SyncRowEntity, BankEntity>, number> & Partial<Record<BankEntity, number>>;
type BankEntity = 'transactions' | 'import_batches' | 'payee_rules';

export type ImportResult = { ok: true; counts: ImportCounts } | { ok: false; errors: FieldError[] };

function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function modificationOrder(a: ModificationRow, b: ModificationRow): number {
  const ka = a.created_at ?? a.updated_at;
  const kb = b.created_at ?? b.updated_at;
  return ka < kb ? -1 : ka > kb ? 1 : byId(a, b);
}

function stripUpdatedAt(input: AssumptionsInput | null | undefined): AssumptionsInput {
  if (!input) return {};
  const { updated_at: _ignored, ...rest } = input;
  return rest;
}

/**
 * The user's data as a backup file (an object; JSON.stringify it to save). Assumptions default to the stored
 * record. Accounts and recurring items keep the database's order (by id), which the event compiler also sees.
 */
export async function exportBackup(db: WyrdDb, assumptions?: AssumptionsInput | null): Promise<AnyBackupFile> {
  const file = await exportPlan(db, assumptions);
  // Bank data makes the file version 2; without any it stays a version 1 file an older app can read.
  const [transactions, batches, rules] = await db.transaction(
    'r',
    [...db.transactions.stores, db.import_batches, db.payee_rules],
    () => Promise.all([db.transactions.toArray(), db.import_batches.toArray(), db.payee_rules.toArray()]),
  );
  if (transactions.length + batches.length + rules.length === 0) return file;
  const strip = <T extends { updated_at?: string }>({ updated_at: _u, ...rest }: T) => rest;
  return {
    ...file,
    version: BACKUP_VERSION_BANK,
    transactions: transactions.map(strip),
    import_batches: batches.map(strip),
    payee_rules: rules.map(strip),
  };
}

/**
 * The plan alone, as a version 1 backup file: what every forecast reads (compare, uncertainty, explain). Bank
 * data is no part of a forecast, and reading tens of thousands of transactions, copying them to the forecast
 * worker and keying the uncertainty cache on them would cost seconds a run.
 */
export async function exportPlan(db: WyrdDb, assumptions?: AssumptionsInput | null): Promise<BackupFile> {
  return db.transaction(
    'r',
    [db.accounts, db.recurring_items, db.categories, db.scenarios, db.events, db.modifications, db.meta],
    async () => {
      const [accounts, items, categories, scenarios, events, modifications, stored] = await Promise.all([
        db.accounts.toArray(),
        db.recurring_items.toArray(),
        db.categories.toArray(),
        db.scenarios.toArray(),
        db.events.toArray(),
        db.modifications.toArray(),
        getAssumptions(db),
      ]);
      const chosen = assumptions === undefined ? stored : assumptions;
      return {
        version: BACKUP_VERSION,
        assumptions: stripUpdatedAt(chosen),
        categories: categories.map((c) => ({ id: c.id, name: c.name, type: c.type })),
        accounts: accounts.map(accountFields),
        recurring_items: items.map((r) => ({
          id: r.id,
          name: r.name,
          amount: r.amount,
          frequency: r.frequency,
          start_date: r.start_date,
          end_date: r.end_date ?? null,
          account_id: r.account_id,
          category_id: r.category_id,
          is_active: r.is_active,
          scenario_event_id: r.scenario_event_id ?? null,
        })),
        scenarios: scenarios.map((s) => ({
          id: s.id,
          name: s.name,
          description: s.description,
          is_baseline: s.is_baseline,
          created_at: s.created_at,
          events: events
            .filter((e) => e.scenario_id === s.id)
            .sort((a, b) =>
              a.trigger_month < b.trigger_month ? -1 : a.trigger_month > b.trigger_month ? 1 : byId(a, b),
            )
            .map((e) => ({
              id: e.id,
              scenario_id: e.scenario_id,
              name: e.name,
              trigger_month: e.trigger_month,
              trigger_date: e.trigger_date,
              template_id: e.template_id,
              template_parameters: e.template_parameters,
            })),
          modifications: modifications
            .filter((m) => m.scenario_id === s.id)
            .sort(modificationOrder)
            .map(({ scenario_id: _scenario, created_at: _created, updated_at: _updated, ...fields }) => fields),
        })),
      };
    },
  );
}

/** The backup as the downloadable JSON text. */
export async function exportBackupJson(db: WyrdDb, assumptions?: AssumptionsInput | null): Promise<string> {
  return `${JSON.stringify(await exportBackup(db, assumptions), null, 2)}\n`;
}

/** A file name such as wyrd-backup-2026-11-21.json. */
export function backupFileName(today: string): string {
  return `wyrd-backup-${today}.json`;
}

type Loose = Record<string, unknown>;

const asList = (v: unknown): Loose[] =>
  Array.isArray(v) ? v.filter((x): x is Loose => !!x && typeof x === 'object') : [];

function duplicates(rows: ReadonlyArray<{ id: unknown; path: string }>, errors: FieldError[]): void {
  const seen = new Map<string, string>();
  for (const r of rows) {
    if (typeof r.id !== 'string') continue;
    const first = seen.get(r.id);
    if (first) errors.push({ path: `${r.path}.id`, message: `duplicate id "${r.id}" (also at ${first})` });
    else seen.set(r.id, r.path);
  }
}

/**
 * The data rules beyond the schema that storage and the forecast need: unique ids, events and modifications
 * in their own scenario, known templates. Reads the raw value defensively, so these problems are listed
 * together with the schema's.
 */
function integrityProblems(raw: unknown): FieldError[] {
  const errors: FieldError[] = [];
  if (!raw || typeof raw !== 'object') return errors;
  const file = raw as Loose;
  for (const key of ['categories', 'accounts', 'recurring_items', 'scenarios'] as const) {
    duplicates(
      asList(file[key]).map((r, i) => ({ id: r.id, path: `$.${key}[${i}]` })),
      errors,
    );
  }
  const events: { id: unknown; path: string }[] = [];
  const mods: { id: unknown; path: string }[] = [];
  asList(file.scenarios).forEach((s, si) => {
    asList(s.events).forEach((e, ei) => {
      const path = `$.scenarios[${si}].events[${ei}]`;
      events.push({ id: e.id, path });
      if (typeof e.scenario_id === 'string' && e.scenario_id !== '' && e.scenario_id !== s.id) {
        errors.push({ path: `${path}.scenario_id`, message: `must be its scenario's id "${String(s.id)}"` });
      }
      if (typeof e.template_id === 'string' && e.template_id !== '' && !getTemplate(e.template_id)) {
        errors.push({ path: `${path}.template_id`, message: `unknown template "${e.template_id}"` });
      }
    });
    asList(s.modifications).forEach((m, mi) => {
      const path = `$.scenarios[${si}].modifications[${mi}]`;
      mods.push({ id: m.id, path });
      if (typeof m.scenario_id === 'string' && m.scenario_id !== '' && m.scenario_id !== s.id) {
        errors.push({ path: `${path}.scenario_id`, message: `must be its scenario's id "${String(s.id)}"` });
      }
    });
  });
  duplicates(events, errors);
  duplicates(mods, errors);
  return errors;
}

/** Validates a backup (JSON text or a parsed value) completely: every problem, each with its JSON path. */
export function validateBackup(
  input: unknown,
): { ok: true; file: AnyBackupFile } | { ok: false; errors: FieldError[] } {
  let json = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (err) {
      return { ok: false, errors: [{ path: '$', message: `is not valid JSON (${(err as Error).message})` }] };
    }
  }
  // Version 2 is the plan plus bank sections; a version 2 file without any is checked as (and refused as) plan.
  const file = json as Record<string, unknown> | null;
  const bank =
    file?.version === BACKUP_VERSION_BANK &&
    ['transactions', 'import_batches', 'payee_rules'].some((key) => key in file);
  const parsed = bank ? BackupFileV2Schema.safeParse(json) : BackupFileSchema.safeParse(json);
  const errors = [...(parsed.success ? [] : fieldErrors(parsed.error)), ...integrityProblems(json)];
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  return { ok: true, file: parsed.data };
}

/** The file's records per synced row entity: every entity of the contract's list is a backup section. */
type Rows = { [E in SyncRowEntity]: LocalRowOf[E][] };

/** An account's backup fields (spec section 3 plus annual_rate when set): the same shape on export and import. */
function accountFields(
  a: Pick<
    AccountRow,
    | 'id'
    | 'name'
    | 'account_type'
    | 'current_balance'
    | 'institution'
    | 'is_asset'
    | 'scenario_event_id'
    | 'annual_rate'
  >,
) {
  return {
    id: a.id,
    name: a.name,
    account_type: a.account_type,
    current_balance: a.current_balance,
    institution: a.institution ?? null,
    is_asset: a.is_asset,
    scenario_event_id: a.scenario_event_id ?? null,
    ...(a.annual_rate != null ? { annual_rate: a.annual_rate } : {}),
  };
}

/** A file's modification as a row: its scenario, order and stamp set; an add's absent target stored as null. */
function storedModification(
  m: Modification,
  scenarioId: string,
  createdAt: IsoTimestamp,
  at: IsoTimestamp,
): ModificationRow {
  const row = { ...m, scenario_id: scenarioId, created_at: createdAt, updated_at: at };
  return row.modification_type === 'add_recurring' || row.modification_type === 'add_one_time'
    ? { ...row, target_id: row.target_id ?? null }
    : row;
}

function toRows(file: AnyBackupFile, at: IsoTimestamp): Rows {
  const bank = file.version === BACKUP_VERSION_BANK ? file : null;
  const base = Date.parse(at);
  let order = 0;
  // Each imported modification gets a created_at one millisecond after the previous: the file's order is kept.
  const nextCreatedAt = () => (Number.isFinite(base) ? new Date(base + order++).toISOString() : at);
  return {
    categories: file.categories.map((c) => ({ id: c.id, name: c.name, type: c.type, updated_at: at })),
    accounts: file.accounts.map((a) => ({ ...accountFields(a), updated_at: at })),
    recurring_items: file.recurring_items.map((r) => ({
      ...r,
      end_date: r.end_date ?? null,
      scenario_event_id: r.scenario_event_id ?? null,
      updated_at: at,
    })),
    scenarios: file.scenarios.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description ?? '',
      is_baseline: s.is_baseline,
      created_at: s.created_at ?? at,
      updated_at: at,
    })),
    events: file.scenarios.flatMap((s) =>
      s.events.map((e) => ({
        id: e.id,
        scenario_id: s.id,
        name: e.name,
        trigger_month: e.trigger_month,
        trigger_date: e.trigger_date ?? `${e.trigger_month}-01`,
        template_id: e.template_id,
        template_parameters: e.template_parameters,
        updated_at: at,
      })),
    ),
    modifications: file.scenarios.flatMap((s) =>
      s.modifications.map((m) => storedModification(m, s.id, nextCreatedAt(), at)),
    ),
    import_batches: (bank?.import_batches ?? []).map((b) => ({ ...b, updated_at: at })),
    transactions: (bank?.transactions ?? []).map((t) => ({ ...t, updated_at: at })),
    payee_rules: (bank?.payee_rules ?? []).map((r) => ({ ...r, updated_at: at })),
  };
}

/** Replaced in the contract's order (parents first), so the outbox pushes a category before its items. */
const TABLES: ReadonlyArray<SyncRowEntity> = SYNC_ROW_ENTITIES;
const BANK_TABLES: ReadonlyArray<SyncRowEntity> = [
  'transactions',
  'import_batches',
  'payee_rules',
] satisfies BankEntity[];

/**
 * Imports a backup: validates it completely first (nothing is written when any problem is found), then
 * replaces all of the user's entities and assumptions in one transaction. Every replaced entity gets an outbox
 * row (create, update, or a delete tombstone for records the file no longer has) so sync pushes the import.
 */
export async function importBackup(db: WyrdDb, input: unknown, opts?: WriteOptions): Promise<ImportResult> {
  const checked = validateBackup(input);
  if (!checked.ok) return checked;
  return importCheckedBackup(db, checked.file, opts);
}

/**
 * Rows per write inside the import's transaction, a write per task with the next one handed over while IndexedDB
 * stores the last (inSlices): bench:sync's 2.3 MB backup wrote 1,000-row writes as tasks of 65-134 ms on this
 * machine, over the 100 ms the import allows itself; a fifth of that keeps each well under it.
 */
const IMPORT_SLICE = 200;

async function addInChunks<T>(
  table: { bulkAdd(rows: T[]): Promise<unknown> },
  rows: ReadonlyArray<T>,
  onRows: (n: number) => void,
) {
  // The transactions' table writes each account-month block once for all its rows (data/tx-blocks.ts).
  if (table instanceof TxTable) {
    await table.bulkAdd(rows as never);
    onRows(rows.length);
    return;
  }
  // The request is Dexie's own promise (as the sync merge's are), not an async function's: the slices after the
  // first must still run inside the import's transaction.
  await inSlices(rows, IMPORT_SLICE, (slice) => table.bulkAdd([...slice]).then(() => onRows(slice.length)));
}

/**
 * importBackup for a file validateBackup already accepted (the Data tab checks it in a worker): writes without
 * checking it again, in chunks, reporting rows written out of the total.
 */
export async function importCheckedBackup(
  db: WyrdDb,
  file: AnyBackupFile,
  opts?: WriteOptions & { onProgress?: (written: number, total: number) => void },
): Promise<{ ok: true; counts: ImportCounts }> {
  const at = timestamp(opts);
  const rows = toRows(file, at);
  const assumptions = file.assumptions ? { ...stripUpdatedAt(file.assumptions), updated_at: at } : null;
  // A version 1 file says nothing about bank data: its import replaces the plan and leaves transactions be.
  const names = file.version === BACKUP_VERSION_BANK ? TABLES : TABLES.filter((n) => !BANK_TABLES.includes(n));
  const tables = names.flatMap((name) => storesOf(db, name));
  await db.transaction('rw', [...tables, db.outbox, db.meta], async () => {
    const outbox: OutboxRow[] = [];
    const recordCount = names.reduce((n, name) => n + rows[name].length, 0);
    let written = 0;
    let total = recordCount * 2;
    const progress = (n: number) => {
      written += n;
      opts?.onProgress?.(written, total);
    };
    for (const name of names) {
      const table = rowTable(db, name);
      const before = new Set((await table.toCollection().primaryKeys()) as string[]);
      const next: { id: string }[] = rows[name];
      const after = new Set(next.map((r) => r.id));
      for (const id of before) {
        if (!after.has(id))
          outbox.push(outboxRow(name, id, 'delete', { id, deleted_at: at } satisfies DeletePayload, at));
      }
      for (const r of next) outbox.push(outboxRow(name, r.id, before.has(r.id) ? 'update' : 'create', r, at));
      await table.clear();
      await addInChunks(table as unknown as { bulkAdd(rows: { id: string }[]): Promise<unknown> }, next, progress);
    }
    if (assumptions) await db.meta.put({ key: ASSUMPTIONS_KEY, value: assumptions });
    else await db.meta.delete(ASSUMPTIONS_KEY);
    outbox.push(outboxRow('assumptions', ASSUMPTIONS_KEY, 'update', assumptions ?? {}, at));
    await db.meta.put({ key: DEFAULT_CATEGORIES_FLAG, value: at });
    total = recordCount + outbox.length;
    await addInChunks(db.outbox, outbox, progress);
  });
  const counts = Object.fromEntries(names.map((name) => [name, rows[name].length])) as ImportCounts;
  return { ok: true, counts };
}
