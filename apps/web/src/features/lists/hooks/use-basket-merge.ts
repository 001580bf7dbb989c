import { useEffect, useRef, useState } from 'react';
import { addToPermanentBasket } from '../api/add-to-permanent-basket';
import { pendingMerge, readMerged, recordMerged, writeMerged } from '../utils/basket-merge';

/**
 * While a patron is signed in, merges the browser basket into their permanent basket (decision
 * 0043): at sign-in, and whenever a title is added afterwards. Nothing leaves the browser basket; a
 * failed merge is tried again on the next change or visit. `patron` is cod_pessoa, null signed out.
 */
export function useBasketMerge(
  patron: string | null,
  basket: readonly number[],
  onMerged?: () => void,
): void {
  const running = useRef(false);
  // Bumped when a merge ends, so titles added while it ran are merged next.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (patron === null || running.current) return;
    const pending = pendingMerge(basket, readMerged(), patron);
    if (pending.length === 0) return;
    running.current = true;
    let merged = false;
    addToPermanentBasket(pending)
      .then(() => {
        writeMerged(recordMerged(readMerged(), patron, pending, basket));
        merged = true;
        onMerged?.();
      })
      .catch(() => {
        // Tried again on the next change or visit; the browser basket still holds every title.
      })
      .finally(() => {
        running.current = false;
        if (merged) setRound((n) => n + 1);
      });
  }, [patron, basket, onMerged, round]);
}
