// An inline category change and the offer that follows it: "remember this category for the payee" (a payee
// rule later imports apply).
import { useCallback, useState } from 'react';
import { useToast } from '../../../components/toast/ToastProvider';
import type { WyrdDb } from '../../../data/db';
import type { TransactionRow } from '../tx-store';
import { recategorise, savePayeeRule } from '../tx-writes';
import type { Lookups } from '../use-tx-lookups';

export type RememberOffer = { payee: string; categoryId: string };

export function useRememberOffer(db: WyrdDb, lookups: Lookups | undefined) {
  const showToast = useToast();
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

  return { offer, changeCategory, remember, dismiss: () => setOffer(null) };
}
