import { STORAGE_KEYS } from '../../../config/env';

/** Per patron (cod_pessoa), the ids of the browser basket already merged into their permanent basket. */
export type MergedIds = Readonly<Record<string, readonly number[]>>;

/**
 * The titles of the browser basket still to merge for this patron: those not merged before. A title
 * merged once and later taken out of the permanent basket is not merged again (decision 0043).
 */
export function pendingMerge(basket: readonly number[], merged: MergedIds, patron: string): number[] {
  const done = new Set(merged[patron] ?? []);
  return [...new Set(basket)].filter((id) => !done.has(id));
}

/** The record after merging `ids` for the patron; only ids still in the browser basket are kept. */
export function recordMerged(
  merged: MergedIds,
  patron: string,
  ids: readonly number[],
  basket: readonly number[],
): MergedIds {
  const inBasket = new Set(basket);
  const kept = [...new Set([...(merged[patron] ?? []), ...ids])].filter((id) => inBasket.has(id));
  return { ...merged, [patron]: kept };
}

function isIdList(value: unknown): value is number[] {
  return (
    Array.isArray(value) && value.every((id) => typeof id === 'number' && Number.isInteger(id) && id > 0)
  );
}

/** The stored record; anything unreadable counts as nothing merged. */
export function readMerged(storage: Storage | undefined = safeLocalStorage()): MergedIds {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEYS.basketMerged) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, ids]) => isIdList(ids)));
  } catch {
    return {};
  }
}

/** Stores the record (without storage, the merge is simply tried again next time). */
export function writeMerged(merged: MergedIds, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.basketMerged, JSON.stringify(merged));
  } catch {
    // Nothing to do: a merge repeated later adds nothing twice (the server keeps one of each).
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
