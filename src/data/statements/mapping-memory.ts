// The column mapping a user gave an unknown CSV layout, remembered per account on this device (meta table, not
// synced): the next file with the same columns for that account starts from it.
import type { WyrdDb } from '../db';

const key = (accountId: string) => `statement-mapping:${accountId}`;

export type RememberedMapping<M> = { columns: string[]; mapping: M };

export async function rememberedMapping<M>(db: WyrdDb, accountId: string): Promise<RememberedMapping<M> | null> {
  const row = await db.meta.get(key(accountId));
  return (row?.value as RememberedMapping<M> | undefined) ?? null;
}

export async function rememberMapping<M>(db: WyrdDb, accountId: string, columns: string[], mapping: M): Promise<void> {
  await db.meta.put({ key: key(accountId), value: { columns, mapping } });
}
