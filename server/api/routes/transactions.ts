// /transactions, /import-batches and /payee-rules: the user's bank data (docs/api.md "Transactions"). Money is
// integer cents on the wire. The list pages newest first (date, then id, descending) with an opaque cursor.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { IsoDateSchema, type ImportBatch, type PayeeRule, type Transaction } from '../../../worker/engine/index';
import { ApiError, parseInput } from '../errors';
import type { Database } from '../../db/client';
import { readJson, type Env, type RouteDeps } from '../http';
import { revalidatedList } from '../list-response';
import { requireObject } from '../store/ledger';
import { listLive, selectRows, tableVersion } from '../store/rows';
import * as store from '../store/transactions';
import { recordRoutes } from './crud';

/** Most transactions one POST /transactions/import takes (a larger statement is sent in several). */
export const MAX_IMPORT_ROWS = 5000;
const MAX_PAGE = 1000;

const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PAGE, `must be at most ${MAX_PAGE}`)
    .default(100),
  cursor: z.string().max(500).optional(),
  account_id: z.string().min(1).max(200).optional(),
  category_id: z.string().min(1).max(200).optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  q: z.string().max(200).optional(),
});

const encodeCursor = (t: Pick<Transaction, 'date' | 'id'>) =>
  Buffer.from(JSON.stringify([t.date, t.id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string'))
      return value as [string, string];
  } catch {
    // fall through
  }
  throw new ApiError(422, [
    { loc: ['query', 'cursor'], msg: 'must be a cursor from an earlier page', type: 'value_error' },
  ]);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const ImportBodySchema = z.object({
  batch: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
  transactions: z
    .array(z.record(z.string(), z.unknown()), { error: 'must be a list' })
    .max(MAX_IMPORT_ROWS, `at most ${MAX_IMPORT_ROWS} transactions a request`),
});

/** One page of the user's transactions as the list's JSON text: `{items, next_cursor}`. */
async function transactionPage(
  db: Database,
  sub: string,
  q: z.infer<typeof ListQuerySchema>,
  after: [date: string, id: string] | undefined,
): Promise<string> {
  const where: SQL[] = [sql`user_sub = ${sub}`, sql`not deleted`];
  if (q.account_id) where.push(sql`account_id = ${q.account_id}`);
  if (q.from) where.push(sql`date >= ${q.from}`);
  if (q.to) where.push(sql`date <= ${q.to}`);
  if (q.category_id) where.push(sql`body->>'category_id' = ${q.category_id}`);
  const text = q.q?.trim();
  if (text) {
    const like = `%${escapeLike(text)}%`;
    where.push(
      sql`(body->>'description' ilike ${like} or body->>'payee' ilike ${like} or coalesce(body->>'note', '') ilike ${like})`,
    );
  }
  if (after) where.push(sql`(date, id) < (${after[0]}, ${after[1]})`);
  const rows = await selectRows<{ body: Transaction | string }>(
    db,
    sql`select body from transactions where ${sql.join(where, sql` and `)} order by date desc, id desc limit ${q.limit + 1}`,
  );
  const items = rows.slice(0, q.limit).map((r) => (typeof r.body === 'string' ? JSON.parse(r.body) : r.body));
  const last = items[items.length - 1] as Transaction | undefined;
  return JSON.stringify({ items, next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null });
}

export function transactionRoutes(deps: RouteDeps) {
  const { db, auth, sub, write } = deps;
  return (
    new Hono<Env>()
      // Tagged like the other lists: the user's transactions table version plus the page asked for, so a write
      // anywhere in the table, a purge, or another filter, page or limit gives another tag.
      .get('/transactions', auth, async (c) => {
        const q = parseInput(ListQuerySchema, c.req.query(), ['query']);
        const after = q.cursor ? decodeCursor(q.cursor) : undefined;
        const version = await tableVersion(db, 'transactions', sub(c));
        const query = createHash('sha256').update(JSON.stringify(q)).digest('base64url').slice(0, 22);
        return revalidatedList(c, `${version}-${query}`, () => transactionPage(db, sub(c), q, after));
      })
      // Bulk: a batch and its transactions, idempotent by their ids (a resent request replaces the same records).
      .post('/transactions/import', auth, async (c) => {
        const body = parseInput(ImportBodySchema, requireObject(await readJson(c)));
        if (typeof body.batch.id !== 'string')
          throw new ApiError(422, [{ loc: ['body', 'batch', 'id'], msg: 'is required', type: 'missing' }]);
        const rows = body.transactions.map((t, i) => {
          if (typeof t.id !== 'string')
            throw new ApiError(422, [{ loc: ['body', 'transactions', i, 'id'], msg: 'is required', type: 'missing' }]);
          return { ...t, id: t.id };
        });
        const batch = { ...body.batch, id: body.batch.id };
        const result = await write(c, (tx, ctx) => store.importTransactions(tx, ctx, batch, rows));
        return c.json(result, 201);
      })
      .route(
        '/transactions',
        recordRoutes(deps, {
          get: store.getTransaction,
          create: store.createTransaction,
          update: store.updateTransaction,
          remove: store.deleteTransaction,
          change: 'PATCH',
        }),
      )
      .get('/import-batches', auth, async (c) => c.json(await listLive<ImportBatch>(db, 'import_batches', sub(c))))
      .route(
        '/import-batches',
        recordRoutes(deps, {
          get: store.getImportBatch,
          create: store.saveImportBatch,
          update: (tx, ctx, id, input) => store.saveImportBatch(tx, ctx, input, 'rest', id),
          // Undo: the batch and every transaction it brought in.
          remove: (tx, ctx, id) => store.deleteImportBatch(tx, ctx, id, true),
          change: 'PATCH',
        }),
      )
      .get('/payee-rules', auth, async (c) => c.json(await listLive<PayeeRule>(db, 'payee_rules', sub(c))))
      .route(
        '/payee-rules',
        recordRoutes(deps, {
          get: store.getPayeeRule,
          create: store.createPayeeRule,
          update: store.updatePayeeRule,
          remove: store.deletePayeeRule,
          change: 'PATCH',
        }),
      )
  );
}
