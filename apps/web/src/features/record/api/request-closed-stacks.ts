import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  ClosedStacksProtocolSchema,
  type ClosedStacksProtocol,
  type ClosedStacksRequest,
} from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /gravar-armazem: asks for closed-stack copies; answers the protocol number (SPEC §4). */
export function requestClosedStacks(request: ClosedStacksRequest): Promise<ClosedStacksProtocol> {
  return apiPost(API_PATHS.closedStacksRequest, ClosedStacksProtocolSchema, {
    body: request,
    auth: 'private',
  });
}

/** The request, refreshing the title's closed-stack copies afterwards (the copy is no longer free). */
export function useRequestClosedStacks(titleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestClosedStacks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['titles', titleId, 'closed-stacks'] }),
  });
}
