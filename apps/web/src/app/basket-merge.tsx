import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBasket } from '../features/basket/hooks/use-basket';
import { useSession } from '../features/identity/hooks/use-session';
import { useBasketMerge } from '../features/lists/hooks/use-basket-merge';
import { LISTS_KEY } from '../features/lists/api/lists-key';

/**
 * Merges the browser basket into the signed-in patron's permanent basket (decision 0043), at sign-in
 * and whenever a title is added; renders nothing.
 */
export function BasketMerge() {
  const session = useSession();
  const { items } = useBasket();
  const queryClient = useQueryClient();
  const onMerged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
    [queryClient],
  );
  useBasketMerge(session ? String(session.user.cod_pessoa) : null, items, onMerged);
  return null;
}
