import { useSyncExternalStore } from 'react';
import { basketTransitions, getBasket, subscribeBasket, updateBasket, type Basket } from '../utils/basket';

const actions = {
  add: (id: number) => updateBasket((basket) => basketTransitions.add(basket, id)),
  addMany: (ids: readonly number[]) => updateBasket((basket) => basketTransitions.addMany(basket, ids)),
  remove: (id: number) => updateBasket((basket) => basketTransitions.remove(basket, id)),
  clear: () => updateBasket(() => basketTransitions.clear()),
  set: (ids: readonly number[]) => updateBasket((basket) => basketTransitions.set(basket, ids)),
};

/** The basket (SPEC §3) and its transitions (SPEC §4), kept in localStorage across reloads. */
export function useBasket(): { items: Basket; has: (id: number) => boolean } & typeof actions {
  const items = useSyncExternalStore(subscribeBasket, getBasket, getBasket);
  return { items, has: (id) => items.includes(id), ...actions };
}
