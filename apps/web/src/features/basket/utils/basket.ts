import { STORAGE_KEYS } from '../../../config/env';

/** SPEC §3 Basket: the titles kept, by cod_acervo, in the order they were added. */
export type Basket = readonly number[];

/** SPEC §4 Basket transitions; each returns a new basket and never holds an id twice. */
export const basketTransitions = {
  add: (basket: Basket, id: number): Basket => (basket.includes(id) ? basket : [...basket, id]),
  addMany: (basket: Basket, ids: readonly number[]): Basket => {
    const next = [...basket];
    for (const id of ids) if (!next.includes(id)) next.push(id);
    return next;
  },
  remove: (basket: Basket, id: number): Basket => basket.filter((kept) => kept !== id),
  clear: (): Basket => [],
  set: (_basket: Basket, ids: readonly number[]): Basket => [...new Set(ids)],
};

function isRecordId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** The basket kept in localStorage; anything unreadable counts as an empty basket. */
export function readStoredBasket(storage: Storage | undefined = safeLocalStorage()): Basket {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEYS.basket) ?? '[]');
    return Array.isArray(parsed) ? [...new Set(parsed.filter(isRecordId))] : [];
  } catch {
    return [];
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Basket | null = null;

/** The basket now (read from storage once, then kept in memory and in storage together). */
export function getBasket(): Basket {
  current ??= readStoredBasket();
  return current;
}

/** Replaces the basket, stores it and tells every subscriber. */
export function updateBasket(change: (basket: Basket) => Basket): void {
  const next = change(getBasket());
  if (next === current) return;
  current = next;
  try {
    safeLocalStorage()?.setItem(STORAGE_KEYS.basket, JSON.stringify(next));
  } catch {
    // Without storage the basket lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

/** Subscribes to basket changes, including those made in another tab. */
export function subscribeBasket(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.basket && event.key !== null) return;
    current = readStoredBasket();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Forgets the in-memory copy (tests start each case from storage). */
export function resetBasketCache(): void {
  current = null;
}
