import { holdsRole, type StaffRole } from '@estante/contract';
import type { TranslationKey } from '@estante/i18n';

/** One part of the staff workspace: its address under /equipe, the role it needs and its name. */
export interface StaffSection {
  key: 'overview' | 'comments' | 'roles' | 'catalogue' | 'content';
  /** '' for the workspace's first page. */
  segment: string;
  /** null: anyone holding a role. */
  role: StaffRole | null;
  label: TranslationKey;
}

/** The workspace's parts, in the order its menu lists them (decision 0055). */
export const STAFF_SECTIONS: readonly StaffSection[] = [
  { key: 'overview', segment: '', role: null, label: 'staff.nav.overview' },
  { key: 'comments', segment: 'comentarios', role: 'referencia', label: 'staff.nav.comments' },
  { key: 'roles', segment: 'papeis', role: 'administrador', label: 'staff.nav.roles' },
  // The catalogue and the institution's content (decision 0063).
  { key: 'catalogue', segment: 'catalogo', role: 'catalogacao', label: 'staff.nav.catalogue' },
  { key: 'content', segment: 'conteudo', role: 'administrador', label: 'staff.nav.content' },
];

/** The parts someone holding `roles` may open. */
export function sectionsFor(roles: readonly StaffRole[]): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => section.role === null || holdsRole(roles, section.role));
}
