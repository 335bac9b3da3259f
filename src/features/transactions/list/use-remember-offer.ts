// An inline category change and the offer that follows it: "remember this category for the payee" (a payee
// rule later imports apply).
import { useCallback, useState } from 'react';
import type { WyrdDb } from '../../../data/db';
import type { TransactionRow } from '../tx-store';
import { recategorise, savePayeeRule } from '../tx-writes';
import { useToastAction } from '../use-toast-action';
import type { Lookups } from '../use-tx-lookups';

export type RememberOffer = { payee: string; categoryId: string };

export function useRememberOffer(db: WyrdDb, lookups: Lookups | undefined) {
  const run = useToastAction();
  const [offer, setOffer] = useState<RememberOffer | null>(null);

  const changeCategory = useCallback(
    async (row: TransactionRow, categoryId: string) => {
      const changed = await run(() => recategorise(db, [row.id], categoryId || null), {
        log: 'Failed to change the category',
        failed: 'Could not change the category',
      });
      if (changed && categoryId && row.payee) setOffer({ payee: row.payee, categoryId });
    },
    [db, run],
  );

  const remember = async () => {
    if (!offer) return;
    const saved = await run(() => savePayeeRule(db, offer.payee, offer.categoryId), {
      log: 'Failed to save the payee rule',
      failed: 'Could not save the rule',
      done: () => `Saved: ${offer.payee} is always ${lookups?.categoryName.get(offer.categoryId) ?? 'this category'}`,
    });
    if (saved) setOffer(null);
  };

  return { offer, changeCategory, remember, dismiss: () => setOffer(null) };
}
