import type { PrivacyRequest } from '@estante/contract';
import type { PrivacyRequestRow } from './repository.ts';

/** A stored request → the wire shape (the library's note shown, who closed it not). */
export function presentRequest(row: PrivacyRequestRow): PrivacyRequest {
  return {
    codigo: row.id,
    tipo: row.kind,
    observacao: row.note,
    situacao: row.status,
    impedimentos: row.blockers,
    data_pedido: row.requestedAt.toISOString(),
    data_conclusao: row.closedAt?.toISOString() ?? null,
    resposta: row.staffNote,
  };
}

/** A column's value as one line of the PDF: objects as JSON, nothing as a dash. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
