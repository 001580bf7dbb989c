import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DESK_QUERY_KEY } from './desk-query-key';

/**
 * A desk change: afterwards the patron and the holds shelf are read again. The desk's forms show a
 * refusal in place (refusalOf), and send anything else to the toast themselves.
 */
export function useDeskMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DESK_QUERY_KEY }),
    meta: { handledInPlace: true },
  });
}
