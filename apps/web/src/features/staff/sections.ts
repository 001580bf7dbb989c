import { holdsRole, STAFF_SEGMENTS, type StaffRole, type StaffSectionKey } from '@estante/contract';
import type { TranslationKey } from '@estante/i18n';

/** One part of the staff workspace: its address under /equipe, the role it needs and its name. */
export interface StaffSection {
  key: 'overview' | StaffSectionKey;
  /** '' for the workspace's first page. */
  segment: string;
  /** null: anyone holding a role. */
  role: StaffRole | null;
  label: TranslationKey;
}

/** The workspace's parts, in the order its menu lists them (decision 0055). */
export const STAFF_SECTIONS: readonly StaffSection[] = [
  { key: 'overview', segment: '', role: null, label: 'staff.nav.overview' },
  // Reference: comments (0055), bibliographic requests and catalogue sheets (0060).
  { key: 'comments', segment: STAFF_SEGMENTS.comments, role: 'referencia', label: 'staff.nav.comments' },
  { key: 'reference', segment: STAFF_SEGMENTS.reference, role: 'referencia', label: 'staff.nav.reference' },
  // Circulation: the desk (0058), loan requests, inter-library loans, closed stacks (0061), patrons (0062).
  { key: 'desk', segment: STAFF_SEGMENTS.desk, role: 'circulacao', label: 'staff.nav.desk' },
  { key: 'requests', segment: STAFF_SEGMENTS.requests, role: 'circulacao', label: 'staff.nav.requests' },
  { key: 'patrons', segment: STAFF_SEGMENTS.patrons, role: 'circulacao', label: 'staff.nav.patrons' },
  // Acquisitions (0059), the catalogue (0063).
  {
    key: 'acquisitions',
    segment: STAFF_SEGMENTS.acquisitions,
    role: 'aquisicao',
    label: 'staff.nav.acquisitions',
  },
  { key: 'catalogue', segment: STAFF_SEGMENTS.catalogue, role: 'catalogacao', label: 'staff.nav.catalogue' },
  // Administration: the institution's content (0063), roles (0054), the audit log (0062).
  { key: 'content', segment: STAFF_SEGMENTS.content, role: 'administrador', label: 'staff.nav.content' },
  { key: 'roles', segment: STAFF_SEGMENTS.roles, role: 'administrador', label: 'staff.nav.roles' },
  { key: 'audit', segment: STAFF_SEGMENTS.audit, role: 'administrador', label: 'staff.nav.audit' },
];

/** The parts someone holding `roles` may open. */
export function sectionsFor(roles: readonly StaffRole[]): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => section.role === null || holdsRole(roles, section.role));
}
