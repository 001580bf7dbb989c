import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STAFF_PATHS,
  StaffPurchaseOrderSchema,
  StaffPurchaseOrdersSchema,
  type PurchaseOrderCreateRequest,
  type PurchaseOrderReceiptRequest,
  type PurchaseOrderState,
  type StaffPurchaseOrder,
} from '@estante/contract';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../../lib/private-query';
import { ACQUISITIONS_KEY } from './keys';

/** GET /equipe/aquisicoes/pedidos: every purchase order, newest first. */
export function getStaffOrders(signal?: AbortSignal): Promise<StaffPurchaseOrder[]> {
  return apiGet(STAFF_PATHS.acquisitionOrders, StaffPurchaseOrdersSchema, { signal, auth: 'private' });
}

export function useStaffOrders() {
  return useQuery(
    queryOptions({
      queryKey: [...ACQUISITIONS_KEY, 'orders'],
      queryFn: ({ signal }) => getStaffOrders(signal),
      ...PRIVATE_QUERY,
    }),
  );
}

/** The three changes of an order, each followed by reading the acquisitions part again. */
function useOrderMutation<I>(send: (input: I) => Promise<StaffPurchaseOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACQUISITIONS_KEY }),
    // The forms show a refusal in place (refusalOf), and send anything else to the toast themselves.
    meta: { handledInPlace: true },
  });
}

/** POST /equipe/aquisicoes/pedidos: a new order grouping suggestions. */
export function useCreateOrder() {
  return useOrderMutation((body: PurchaseOrderCreateRequest) =>
    apiPost(STAFF_PATHS.acquisitionOrders, StaffPurchaseOrderSchema, { auth: 'private', body }),
  );
}

/** POST /equipe/aquisicoes/pedidos/{id}/situacao. */
export function useMoveOrder() {
  return useOrderMutation(({ id, status }: { id: number; status: PurchaseOrderState }) =>
    apiPost(STAFF_PATHS.acquisitionOrderStatus(id), StaffPurchaseOrderSchema, {
      auth: 'private',
      body: { situacao: status },
    }),
  );
}

/** POST /equipe/aquisicoes/pedidos/{id}/recebimento: copies that arrived. */
export function useReceiveOrder() {
  return useOrderMutation(({ id, body }: { id: number; body: PurchaseOrderReceiptRequest }) =>
    apiPost(STAFF_PATHS.acquisitionOrderReceipt(id), StaffPurchaseOrderSchema, { auth: 'private', body }),
  );
}
