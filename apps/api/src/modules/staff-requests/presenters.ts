import type {
  GeneralCommentDecision,
  PendingGeneralComment,
  StaffClosedStackRequest,
  StaffInterlibraryRequest,
  StaffLoanRequest,
  StaffRequestStep,
} from '@estante/contract';
import type {
  ClosedStackItemRow,
  ClosedStackRow,
  GeneralCommentRow,
  InterlibraryRow,
  LoanRequestRow,
  StepRow,
} from './repository.ts';

const iso = (value: Date) => new Date(value).toISOString();

/** The circulation log's request actions, as the status each one left the request in. */
const LOAN_REQUEST_ACTION_STATUS: Record<string, string> = {
  'request.create': 'aguardando',
  'request.send': 'em_transito',
  'request.arrive': 'disponivel',
  'request.finish': 'finalizada',
  'request.cancel': 'nao_finalizada',
  'request.expire': 'nao_finalizada',
};

/** A circulation-log actor as the history names it: a staff login, else nobody in particular. */
function staffLogin(actor: string | null): string | null {
  return actor?.startsWith('staff:') ? actor.slice('staff:'.length) : null;
}

const patronOf = (row: { patron_name: string | null; patron_login: string | null }) =>
  row.patron_name !== null && row.patron_login !== null
    ? { nome: row.patron_name, login: row.patron_login }
    : null;

export function presentLoanRequest(row: LoanRequestRow, steps: StepRow[]): StaffLoanRequest {
  return {
    codigo: row.id,
    cod_acervo: row.title_id,
    titulo: row.title,
    leitor: patronOf(row),
    exemplar: row.copy_number,
    biblioteca_origem: { cod_biblioteca: row.origin_id, desc_biblioteca: row.origin_name },
    biblioteca_recebimento: { cod_biblioteca: row.receiving_id, desc_biblioteca: row.receiving_name },
    local_recebimento: row.location_name,
    endereco_entrega: row.delivery_address,
    situacao: row.status,
    data_solicitacao: iso(row.requested_at),
    prazo_retirada: row.pickup_deadline,
    historico: steps
      .filter((step) => step.request_id === row.id && LOAN_REQUEST_ACTION_STATUS[step.action])
      .map((step) => ({
        situacao: LOAN_REQUEST_ACTION_STATUS[step.action]!,
        data: iso(step.at),
        por: staffLogin(step.actor),
        resposta: null,
      })),
  };
}

/** A request's history: its sending, then each step staff made (from the audit log). */
function auditedHistory(id: number, requestedAt: Date, steps: StepRow[]): StaffRequestStep[] {
  return [
    { situacao: 'aguardando', data: iso(requestedAt), por: null, resposta: null },
    ...steps
      .filter((step) => step.request_id === id && step.status !== null)
      .map((step) => ({
        situacao: step.status!,
        data: iso(step.at),
        por: step.actor,
        resposta: step.answer,
      })),
  ];
}

export function presentInterlibrary(row: InterlibraryRow, steps: StepRow[]): StaffInterlibraryRequest {
  return {
    codigo: row.id,
    leitor: patronOf(row),
    instituicao: row.institution,
    titulo: row.title,
    autor: row.author,
    publicacao: row.publication,
    observacao: row.notes,
    email: row.email,
    telefone: row.phone,
    biblioteca_recebimento: { cod_biblioteca: row.library_id, desc_biblioteca: row.library_name },
    situacao: row.status,
    data_solicitacao: iso(row.requested_at),
    resposta: row.answer,
    historico: auditedHistory(row.id, row.requested_at, steps),
  };
}

export function presentClosedStack(
  row: ClosedStackRow,
  items: ClosedStackItemRow[],
  steps: StepRow[],
): StaffClosedStackRequest {
  return {
    codigo: row.id,
    protocolo: row.protocol,
    leitor: patronOf(row),
    biblioteca: { cod_biblioteca: row.library_id, desc_biblioteca: row.library_name },
    itens: items
      .filter((item) => item.request_id === row.id)
      .map((item) => ({
        cod_acervo: item.title_id,
        titulo: item.title,
        exemplar: item.copy_number,
        localizacao: item.location,
      })),
    situacao: row.status,
    data_solicitacao: iso(row.requested_at),
    resposta: row.answer,
    historico: auditedHistory(row.id, row.requested_at, steps),
  };
}

export function presentGeneralComment(row: GeneralCommentRow): PendingGeneralComment {
  return {
    codigo: row.id,
    biblioteca: { cod_biblioteca: row.library_id, desc_biblioteca: row.library_name },
    autor: row.patron_name,
    login: row.patron_login,
    texto: row.content,
    data_envio: iso(row.created_at),
  };
}

export function presentGeneralDecision(row: GeneralCommentRow): GeneralCommentDecision {
  return {
    codigo: row.id,
    biblioteca: { cod_biblioteca: row.library_id, desc_biblioteca: row.library_name },
    situacao: row.status === 'approved' ? 'aprovado' : 'recusado',
    data_avaliacao: iso(row.decided_at!),
    avaliado_por: row.decided_by!,
    motivo_recusa: row.refusal_reason,
  };
}
