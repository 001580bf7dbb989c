import { holdsRole, type StaffRole } from '@estante/contract';
import type { TranslationKey } from '@estante/i18n';

/** One part of the staff workspace: its address under /equipe, the role it needs and its name. */
export interface StaffSection {
  key:
    | 'overview'
    | 'comments'
    | 'reference'
    | 'desk'
    | 'requests'
    | 'patrons'
    | 'acquisitions'
    | 'roles'
    | 'audit';
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
  { key: 'reference', segment: 'solicitacoes', role: 'referencia', label: 'staff.nav.reference' },
  { key: 'desk', segment: 'balcao', role: 'circulacao', label: 'staff.nav.desk' },
  // Circulation requests: loan requests, inter-library loans, closed-stack protocols (decision 0061).
  { key: 'requests', segment: 'pedidos', role: 'circulacao', label: 'staff.nav.requests' },
  { key: 'patrons', segment: 'leitores', role: 'circulacao', label: 'staff.nav.patrons' },
  { key: 'acquisitions', segment: 'aquisicoes', role: 'aquisicao', label: 'staff.nav.acquisitions' },
  { key: 'roles', segment: 'papeis', role: 'administrador', label: 'staff.nav.roles' },
  { key: 'audit', segment: 'auditoria', role: 'administrador', label: 'staff.nav.audit' },
];

/** The parts someone holding `roles` may open. */
export function sectionsFor(roles: readonly StaffRole[]): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => section.role === null || holdsRole(roles, section.role));
}
