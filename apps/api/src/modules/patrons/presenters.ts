import type { StaffPatronBlock, StaffPatronSummary } from '@estante/contract';
import type { StaffPatronRow } from './repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whether sign-in refuses the patron: a password not set yet, or the library's block. */
const isBlocked = (row: Pick<StaffPatronRow, 'password_unset' | 'block_reason'>) =>
  row.password_unset || row.block_reason !== null;

/** A patron as the search lists them. */
export function presentPatronSummary(row: StaffPatronRow): StaffPatronSummary {
  return {
    login: row.login,
    nome: row.name,
    email: row.email,
    categoria: row.category_label,
    bloqueado: isBlocked(row),
  };
}

/** The patron's block as staff read it. */
export function presentBlock(row: StaffPatronRow): StaffPatronBlock {
  return {
    bloqueado: isBlocked(row),
    motivo: row.block_reason,
    data: iso(row.blocked_at),
    por: row.blocked_by,
  };
}

/** The block as the audit log keeps it, before and after a change. */
export function auditedBlock(row: Pick<StaffPatronRow, 'password_unset' | 'block_reason'>) {
  return { blocked: isBlocked(row), reason: row.block_reason };
}
