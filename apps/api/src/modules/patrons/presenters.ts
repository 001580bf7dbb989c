import type { StaffPatronBlock, StaffPatronSummary } from '@estante/contract';
import type { StaffPatronRow } from './repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A patron as the search lists them. */
export function presentPatronSummary(row: StaffPatronRow): StaffPatronSummary {
  return {
    login: row.login,
    nome: row.name,
    email: row.email,
    categoria: row.category_label,
    bloqueado: row.is_blocked,
  };
}

/** The patron's block as staff read it. */
export function presentBlock(row: StaffPatronRow): StaffPatronBlock {
  return {
    bloqueado: row.is_blocked,
    motivo: row.block_reason,
    data: iso(row.blocked_at),
    por: row.blocked_by,
  };
}

/** The block as the audit log keeps it, before and after a change. */
export function auditedBlock(row: Pick<StaffPatronRow, 'is_blocked' | 'block_reason'>) {
  return { blocked: row.is_blocked, reason: row.block_reason };
}
