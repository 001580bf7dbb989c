import type { TFunction } from 'i18next';
import type { StaffRole } from '@estante/contract';

const NAME_KEYS = {
  circulacao: 'staff.role.circulacao.name',
  referencia: 'staff.role.referencia.name',
  aquisicao: 'staff.role.aquisicao.name',
  catalogacao: 'staff.role.catalogacao.name',
  administrador: 'staff.role.administrador.name',
} as const satisfies Record<StaffRole, string>;

const DESCRIPTION_KEYS = {
  circulacao: 'staff.role.circulacao.description',
  referencia: 'staff.role.referencia.description',
  aquisicao: 'staff.role.aquisicao.description',
  catalogacao: 'staff.role.catalogacao.description',
  administrador: 'staff.role.administrador.description',
} as const satisfies Record<StaffRole, string>;

/** A role's name in the reader's language. */
export function roleLabel(role: StaffRole, t: TFunction): string {
  return t(NAME_KEYS[role]);
}

/** What a role does, in the reader's language. */
export function roleDescription(role: StaffRole, t: TFunction): string {
  return t(DESCRIPTION_KEYS[role]);
}
