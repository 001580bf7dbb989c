import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  GeneralCommentDecisionSchema,
  LibrariesSchema,
  PendingGeneralCommentsSchema,
  STAFF_PATHS,
  StaffClosedStackRequestSchema,
  StaffClosedStackRequestsSchema,
  StaffInterlibraryRequestSchema,
  StaffInterlibraryRequestsSchema,
  StaffLoanRequestSchema,
  StaffLoanRequestsSchema,
  type GeneralCommentDecision,
} from '@estante/contract';
import { apiGet, apiPost } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';
import { STAFF_QUERY_KEY } from '../api/get-staff-self';

/** The three circulation queues of /equipe/pedidos (decision 0061). */
export type RequestQueueKind = 'loan' | 'interlibrary' | 'closedStack';

/** A queue's filters as the screen holds them: '' is "any". */
export interface QueueFilter {
  status: string;
  library: string;
  from: string | null;
  to: string | null;
}

const QUEUE_KEY = [...STAFF_QUERY_KEY, 'requests'] as const;
const GENERAL_COMMENTS_KEY = [...STAFF_QUERY_KEY, 'general-comments'] as const;

const QUEUES = {
  loan: { path: STAFF_PATHS.loanRequests, schema: StaffLoanRequestsSchema },
  interlibrary: { path: STAFF_PATHS.interlibraryRequests, schema: StaffInterlibraryRequestsSchema },
  closedStack: { path: STAFF_PATHS.closedStackRequests, schema: StaffClosedStackRequestsSchema },
} as const;

function queryOf(filter: QueueFilter) {
  return {
    situacao: filter.status || undefined,
    biblioteca: filter.library || undefined,
    dataIni: filter.from ?? undefined,
    dataFim: filter.to ?? undefined,
  };
}

export function useLoanRequestQueue(filter: QueueFilter) {
  return useQuery({
    queryKey: [...QUEUE_KEY, 'loan', filter],
    queryFn: ({ signal }) =>
      apiGet(QUEUES.loan.path, QUEUES.loan.schema, { signal, auth: 'private', query: queryOf(filter) }),
    placeholderData: keepPreviousData,
    ...PRIVATE_QUERY,
  });
}

export function useInterlibraryQueue(filter: QueueFilter) {
  return useQuery({
    queryKey: [...QUEUE_KEY, 'interlibrary', filter],
    queryFn: ({ signal }) =>
      apiGet(QUEUES.interlibrary.path, QUEUES.interlibrary.schema, {
        signal,
        auth: 'private',
        query: queryOf(filter),
      }),
    placeholderData: keepPreviousData,
    ...PRIVATE_QUERY,
  });
}

export function useClosedStackQueue(filter: QueueFilter) {
  return useQuery({
    queryKey: [...QUEUE_KEY, 'closedStack', filter],
    queryFn: ({ signal }) =>
      apiGet(QUEUES.closedStack.path, QUEUES.closedStack.schema, {
        signal,
        auth: 'private',
        query: queryOf(filter),
      }),
    placeholderData: keepPreviousData,
    ...PRIVATE_QUERY,
  });
}

/** The libraries (GET /unidade-informacao), for the queues' library filter. */
export function useQueueLibraries() {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'libraries'],
    queryFn: ({ signal }) =>
      apiGet(API_PATHS.libraries, LibrariesSchema, { signal, auth: 'privateOrPublic' }),
    staleTime: 10 * 60_000,
  });
}

/** One move of a request: its queue, its id, the new status and the librarian's answer. */
export interface RequestMove {
  kind: RequestQueueKind;
  id: number;
  status: string;
  answer?: string | undefined;
}

/** Moves a request, then reads the queues again. */
export function useMoveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id, status, answer }: RequestMove): Promise<{ situacao: string }> => {
      if (kind === 'loan')
        return apiPost(STAFF_PATHS.loanRequestStep(id), StaffLoanRequestSchema, {
          auth: 'private',
          body: { situacao: status },
        });
      if (kind === 'interlibrary')
        return apiPost(STAFF_PATHS.interlibraryStep(id), StaffInterlibraryRequestSchema, {
          auth: 'private',
          body: { situacao: status, resposta: answer },
        });
      return apiPost(STAFF_PATHS.closedStackDecision(id), StaffClosedStackRequestSchema, {
        auth: 'private',
        body: { situacao: status, resposta: answer },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
    // The forms show a refusal in place (refusalOf), and send anything else to the toast themselves.
    meta: { handledInPlace: true },
  });
}

/** GET /equipe/comentarios-gerais: the general comments awaiting approval. */
export function usePendingGeneralComments() {
  return useQuery({
    queryKey: GENERAL_COMMENTS_KEY,
    queryFn: ({ signal }) =>
      apiGet(STAFF_PATHS.generalComments, PendingGeneralCommentsSchema, { signal, auth: 'private' }),
    ...PRIVATE_QUERY,
  });
}

/** Approves a general comment (no reason) or refuses it with one, then reads the queue again. */
export function useDecideGeneralComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }): Promise<GeneralCommentDecision> =>
      reason === null
        ? apiPost(STAFF_PATHS.generalCommentApproval(id), GeneralCommentDecisionSchema, { auth: 'private' })
        : apiPost(STAFF_PATHS.generalCommentRefusal(id), GeneralCommentDecisionSchema, {
            auth: 'private',
            body: { motivo: reason },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GENERAL_COMMENTS_KEY }),
    meta: { handledInPlace: true },
  });
}
