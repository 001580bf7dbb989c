import {
  type AccruingFine,
  CIRCULATION_RULE_KEYS,
  type CirculationRefusal,
  type Debt,
  type Hold,
  type LoanHistoryEntry,
  type LoanRequest,
  type Refusal,
  type Suspension,
} from '@estante/contract';
import { money, type AccruingFine as AccruingFineRow, type Day } from './local/rules.ts';
import type { DebtRow, HistoryRow, HoldRow, LoanRequestRow, SuspensionRow } from './local/reads.ts';

// The one place circulation rows become the wire shape (STYLE "Words").

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const library = (id: number, name: string) => ({ cod_biblioteca: id, desc_biblioteca: name });

/** A refusal as answers carry it: the code and the translation key. */
export function presentRefusal(reason: CirculationRefusal | null): Refusal | null {
  return reason ? { codigo: reason.code, mensagem: reason.key } : null;
}

export function presentHistoryEntry(row: HistoryRow, today: Day): LoanHistoryEntry {
  const state =
    row.returnedAt === null
      ? row.dueOn < today
        ? 'atrasado'
        : 'emprestado'
      : row.quarantineUntil && row.quarantineUntil >= today
        ? 'quarentena'
        : 'devolvido';
  return {
    cod_emprestimo: row.id,
    cod_acervo: row.titleId,
    titulo: row.title,
    autor: row.author,
    biblioteca: library(row.libraryId, row.libraryName),
    numero_exemplar: row.copyNumber,
    data_emprestimo: iso(row.loanedAt)!,
    data_prevista: row.dueOn,
    data_devolucao: iso(row.returnedAt),
    renovacoes: row.renewals,
    dias_atraso: row.lateDays,
    multa: money(row.fineCents),
    situacao: state,
  };
}

/** A late loan's fine so far, marked provisional: the debt is charged on return. */
export function presentAccruingFine(fine: AccruingFineRow | null): AccruingFine | null {
  if (!fine) return null;
  return {
    valor: money(fine.amountCents),
    valor_por_dia: money(fine.perDayCents),
    valor_maximo: fine.maxCents === null ? null : money(fine.maxCents),
    dias_atraso: fine.lateDays,
    provisoria: true,
  };
}

export function presentDebt(row: DebtRow): Debt {
  return {
    cod_debito: row.id,
    valor_multa: money(row.amountCents),
    desconto: money(row.discountCents),
    valor_pago: money(row.paidCents),
    valor_pendente: money(row.amountCents - row.discountCents - row.paidCents),
    data_pagamento: iso(row.paidAt),
    data_debito: iso(row.createdAt)!,
    tipo_servico: row.serviceType,
    motivo: row.reason,
    biblioteca: row.libraryId === null ? null : library(row.libraryId, row.libraryName ?? ''),
    cod_acervo: row.titleId,
    titulo: row.title,
    dias_atraso: row.lateDays,
  };
}

export function presentSuspension(row: SuspensionRow, today: Day): Suspension {
  return {
    cod_afastamento: row.id,
    data_inicio: row.startsOn,
    data_fim: row.endsOn,
    dias: row.days,
    origem: row.origin,
    motivo: row.reason,
    ativo: row.startsOn <= today && today <= row.endsOn,
    biblioteca: row.libraryId === null ? null : library(row.libraryId, row.libraryName ?? ''),
    cod_acervo: row.titleId,
    titulo: row.title,
  };
}

const OBSERVATIONS: Record<string, string> = {
  prazo: CIRCULATION_RULE_KEYS.observationExpired,
  sem_exemplar: CIRCULATION_RULE_KEYS.observationNoCopy,
  balcao: CIRCULATION_RULE_KEYS.observationStaff,
  desvinculado: CIRCULATION_RULE_KEYS.observationUnlinked,
};

export function presentHold(row: HoldRow): Hold {
  return {
    cod_reserva: row.id,
    cod_acervo: row.titleId,
    titulo: row.title,
    autor: row.author,
    biblioteca: library(row.libraryId, row.libraryName),
    situacao: row.status,
    posicao_fila: row.queuePosition,
    data_reserva: iso(row.placedAt)!,
    data_liberacao: iso(row.releasedAt),
    prazo_retirada: row.pickupDeadline,
    data_cancelamento: row.status === 'cancelada' ? iso(row.endedAt) : null,
    observacoes:
      row.status === 'liberada'
        ? CIRCULATION_RULE_KEYS.observationPickup
        : row.cancelReason
          ? (OBSERVATIONS[row.cancelReason] ?? null)
          : null,
    volume: row.volume,
    tomo: row.tome,
    parte: row.part,
    material_adicional: row.additionalMaterial,
    localizacao: row.location,
    cod_exemplar: row.copyId,
  };
}

export function presentLoanRequest(row: LoanRequestRow): LoanRequest {
  return {
    cod_solicitacao: row.id,
    cod_acervo: row.titleId,
    titulo: row.title,
    situacao: row.status,
    data_solicitacao: iso(row.requestedAt)!,
    data_atualizacao: iso(row.updatedAt)!,
    prazo_retirada: row.pickupDeadline,
    biblioteca_origem: library(row.originId, row.originName),
    biblioteca_recebimento: library(row.receivingId, row.receivingName),
    local_recebimento: row.locationName,
    domicilio: row.homeDelivery,
    cod_exemplar: row.copyId,
    numero_exemplar: row.copyNumber,
    volume: row.volume,
    tomo: row.tome,
    parte: row.part,
    material_adicional: row.additionalMaterial,
    telefone: row.phone,
    email: row.email,
    pessoa_autorizada: row.authorisedPerson,
    observacao: row.observation,
  };
}
