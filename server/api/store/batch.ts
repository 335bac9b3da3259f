// A sync push's unit of work: the entity rows a batch touches, read once, changed in memory (with in-memory
// savepoints, so a rejected mutation leaves no trace) and written at the end with one multi-row upsert per table.
// rows.ts routes its reads and writes here when handed a batch's database handle, so every service works unchanged.
import { and, eq, getTableColumns, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { entityTable, type EntityName } from '../../db/schema';

/** Who writes and when: the token's sub and the request's clock (ISO). */
export type WriteContext = { sub: string; at: string };

export type StoredRow<T> = { id: string; body: T; deleted: boolean; seq: number; extra: Record<string, unknown> };

// The tables typed by their shared columns (schema.ts), picked by the contract's entity name.
export { entityTable };

export function toStored<T>(row: Record<string, unknown>): StoredRow<T> {
  const { id, body, deleted, seq, userSub: _u, createdAt: _c, updatedAt: _up, ...extra } = row;
  return { id: id as string, body: body as T, deleted: deleted as boolean, seq: Number(seq), extra };
}

/** A row as the batch knows it: stored (seq from the database) or written by the batch (order of its last write). */
type Known = StoredRow<unknown> & { written?: { order: number; at: Date; createdAt: Date } };

export type LiveFilter = { column: 'scenarioId' | 'scenarioEventId'; value: string };

/** Most ids in one preload query. */
const ROWS_PER_STATEMENT = 5000;

const batches = new WeakMap<Database, WriteBatch>();

/** The batch behind a handle made by WriteBatch.handle, or undefined for a plain database or transaction. */
export const batchOf = (db: Database): WriteBatch | undefined => batches.get(db);

export class WriteBatch {
  private readonly known = new Map<EntityName, Map<string, Known>>();
  private readonly loadingLive = new Map<EntityName, Promise<void>>();
  private readonly liveSorted = new Map<EntityName, Known[]>();
  private readonly undo: Array<() => void> = [];
  private readonly written = new Set<string>();
  private order = 0;
  /** What services receive as their transaction: any direct query on it throws (they must use rows.ts). */
  readonly handle: Database;

  constructor(
    private readonly tx: Database,
    readonly sub: string,
  ) {
    this.handle = new Proxy(tx, {
      get: () => {
        throw new Error('Inside a sync batch, entity rows are read and written only through store/rows.ts.');
      },
    });
    batches.set(this.handle, this);
  }

  private rows(entity: EntityName): Map<string, Known> {
    let map = this.known.get(entity);
    if (!map) this.known.set(entity, (map = new Map()));
    return map;
  }

  private remember(entity: EntityName, row: Record<string, unknown>): void {
    const map = this.rows(entity);
    const stored = toStored<unknown>(row);
    if (!map.has(stored.id)) map.set(stored.id, stored);
  }

  /** Reads the given rows of each entity in one query per entity (ids not found are remembered as absent). */
  async preload(ids: Map<EntityName, Set<string>>): Promise<void> {
    for (const [entity, set] of ids) {
      const wanted = [...set].filter((id) => !this.rows(entity).has(id) && !this.missing.get(entity)?.has(id));
      for (let i = 0; i < wanted.length; i += ROWS_PER_STATEMENT) {
        const chunk = wanted.slice(i, i + ROWS_PER_STATEMENT);
        const t = entityTable(entity);
        const found = await this.tx
          .select()
          .from(t)
          .where(and(eq(t.userSub, this.sub), inJsonList(t.id, chunk)));
        for (const row of found) this.remember(entity, row as Record<string, unknown>);
        this.absent(entity, chunk);
      }
    }
  }

  private readonly missing = new Map<EntityName, Set<string>>();

  /** Records the batch's own mutations create or change (rowStates counts one the batch has not reached yet). */
  private readonly announced = new Set<string>();

  announce(entity: EntityName, id: string): void {
    this.announced.add(`${entity}\u0000${id}`);
  }

  isAnnounced(entity: EntityName, id: string): boolean {
    return this.announced.has(`${entity}\u0000${id}`);
  }
  private absent(entity: EntityName, ids: string[]): void {
    let set = this.missing.get(entity);
    if (!set) this.missing.set(entity, (set = new Set()));
    for (const id of ids) if (!this.rows(entity).has(id)) set.add(id);
  }

  async getAny(entity: EntityName, id: string): Promise<StoredRow<unknown> | undefined> {
    const map = this.rows(entity);
    const hit = map.get(id);
    if (hit || this.missing.get(entity)?.has(id)) return hit;
    await this.preload(new Map([[entity, new Set([id])]]));
    return map.get(id);
  }

  private loadLive(entity: EntityName): Promise<void> {
    let loading = this.loadingLive.get(entity);
    if (!loading) {
      const t = entityTable(entity);
      loading = this.tx
        .select()
        .from(t)
        .where(and(eq(t.userSub, this.sub), eq(t.deleted, false)))
        .then((found) => {
          for (const row of found) this.remember(entity, row as Record<string, unknown>);
        });
      this.loadingLive.set(entity, loading);
    }
    return loading;
  }

  /** Live rows in the order the database would list them: stored ones by seq, then the batch's by last write. */
  async listLive(entity: EntityName, filter?: LiveFilter): Promise<unknown[]> {
    await this.loadLive(entity);
    let sorted = this.liveSorted.get(entity);
    if (!sorted) {
      const live = [...this.rows(entity).values()].filter((r) => !r.deleted);
      const rank = (r: Known) => (r.written ? Number.MAX_SAFE_INTEGER / 2 + r.written.order : r.seq);
      sorted =
        entity === 'modifications'
          ? live.sort((a, b) => Number(a.extra.position) - Number(b.extra.position))
          : live.sort((a, b) => rank(a) - rank(b));
      this.liveSorted.set(entity, sorted);
    }
    const rows = filter ? sorted.filter((r) => r.extra[filter.column] === filter.value) : sorted;
    return rows.map((r) => r.body);
  }

  private write(entity: EntityName, next: Known): void {
    const map = this.rows(entity);
    const previous = map.get(next.id);
    const key = `${entity}\u0000${next.id}`;
    const wasWritten = this.written.has(key);
    map.set(next.id, next);
    this.written.add(key);
    this.liveSorted.delete(entity);
    this.undo.push(() => {
      if (previous) map.set(next.id, previous);
      else map.delete(next.id);
      if (!wasWritten) this.written.delete(key);
      this.liveSorted.delete(entity);
    });
  }

  async put(
    entity: EntityName,
    ctx: WriteContext,
    body: { id: string },
    extra: Record<string, unknown>,
  ): Promise<void> {
    const stored = (await this.getAny(entity, body.id)) as Known | undefined;
    const at = new Date(ctx.at);
    this.write(entity, {
      id: body.id,
      body,
      deleted: false,
      seq: stored?.seq ?? 0,
      extra: { ...stored?.extra, ...extra },
      written: { order: ++this.order, at, createdAt: stored?.written?.createdAt ?? at },
    });
  }

  async tombstone(entity: EntityName, ctx: WriteContext, id: string): Promise<boolean> {
    const stored = (await this.getAny(entity, id)) as Known | undefined;
    if (!stored || stored.deleted) return false;
    const at = new Date(ctx.at);
    this.write(entity, {
      ...stored,
      deleted: true,
      written: { order: ++this.order, at, createdAt: stored.written?.createdAt ?? at },
    });
    return true;
  }

  async nextSeq(): Promise<number> {
    const [row] = await this.tx.execute(sql`select nextval('change_seq') as v`).then(rowsOf<{ v: string | number }>);
    return Number(row.v);
  }

  /** An in-memory savepoint: rollbackTo(mark) undoes every write made after it. */
  mark(): number {
    return this.undo.length;
  }

  rollbackTo(mark: number): void {
    while (this.undo.length > mark) this.undo.pop()?.();
  }

  /**
   * Writes every changed row: change sequence values taken in one query, in the order of each row's last write
   * (what separate writes would have given them), then one upsert per table per ROWS_PER_STATEMENT rows.
   */
  async flush(): Promise<void> {
    const changed: Array<{ entity: EntityName; row: Known }> = [];
    for (const key of this.written) {
      const [entity, id] = key.split('\u0000') as [EntityName, string];
      const row = this.rows(entity).get(id);
      if (row?.written) changed.push({ entity, row });
    }
    this.written.clear();
    this.undo.length = 0;
    if (changed.length === 0) return;
    changed.sort((a, b) => (a.row.written?.order ?? 0) - (b.row.written?.order ?? 0));
    const seqs = (
      await this.tx
        .execute(sql`select nextval('change_seq') as v from generate_series(1, ${changed.length})`)
        .then(rowsOf<{ v: string | number }>)
    )
      .map((r) => Number(r.v))
      .sort((a, b) => a - b);
    const byEntity = new Map<EntityName, Array<Record<string, unknown>>>();
    changed.forEach(({ entity, row }, i) => {
      const written = row.written as NonNullable<Known['written']>;
      let values = byEntity.get(entity);
      if (!values) byEntity.set(entity, (values = []));
      values.push({
        ...row.extra,
        userSub: this.sub,
        id: row.id,
        seq: seqs[i],
        deleted: row.deleted,
        body: row.body,
        createdAt: written.createdAt,
        updatedAt: written.at,
      });
      this.rows(entity).set(row.id, {
        id: row.id,
        body: row.body,
        deleted: row.deleted,
        seq: seqs[i],
        extra: row.extra,
      });
    });
    for (const [entity, values] of byEntity) {
      const t = entityTable(entity);
      await insertRows(
        this.tx,
        t,
        values,
        (columns) =>
          // Every given column but the key and created_at takes the new value (a tombstone's body is the stored one).
          sql`on conflict ("user_sub", "id") do update set ${sql.join(
            columns
              .filter((c) => !['userSub', 'id', 'createdAt'].includes(c.key))
              .map((c) => sql.raw(`"${c.name}" = excluded."${c.name}"`)),
            sql`, `,
          )}`,
      );
    }
    this.liveSorted.clear();
  }
}

/**
 * `column = any(the ids)` with the ids as one JSON parameter (a list of thousands of parameters binds and plans
 * slowly). `= any(array(...))`, not `in (select ...)`: PostgreSQL then looks each id up in the primary key instead
 * of hash-joining a scan of all the user's rows.
 */
export const inJsonList = (column: AnyColumn, ids: string[]): SQL =>
  sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;

type ColumnRef = { key: string; name: string };

/**
 * Inserts rows (keyed by the table's column keys) as one JSON parameter unpacked by jsonb_to_recordset: one
 * statement of any size, no per-value binding. Rows are grouped by the columns they give, so a column a row leaves
 * out gets its default as with a plain INSERT. `conflict` builds the ON CONFLICT clause from the given columns.
 */
export async function insertRows(
  tx: Database,
  table: Table,
  rows: Array<Record<string, unknown>>,
  conflict: (columns: ColumnRef[]) => SQL,
): Promise<void> {
  const all = getTableColumns(table);
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const row of rows) {
    const signature = Object.keys(all)
      .filter((key) => row[key] !== undefined)
      .join(',');
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = []));
    group.push(row);
  }
  for (const [signature, group] of groups) {
    const columns = signature.split(',').map((key) => ({ key, name: all[key].name, type: all[key].getSQLType() }));
    const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
    const types = sql.raw(columns.map((c) => `"${c.name}" ${c.type}`).join(', '));
    const json = JSON.stringify(group.map((row) => Object.fromEntries(columns.map((c) => [c.name, row[c.key]]))));
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${types}) ${conflict(columns)}`,
    );
  }
}

/** db.execute's rows for both drivers (PGlite answers {rows}, postgres-js an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
