import type { LOGIN_CATEGORY_CODES } from '@estante/contract';

type CategoryCode = (typeof LOGIN_CATEGORY_CODES)[number];

/**
 * Translation key of each SPEC §2 category code (labels from SPEC §1 and migration 0002; the codes
 * Intercamb, MembroComun and 10 have no label there, see decision 0012).
 */
export const LOGIN_CATEGORY_LABEL_KEYS = {
  '01': 'identity.category.undergraduate',
  '19': 'identity.category.digitalUndergraduate',
  '03': 'identity.category.graduate',
  '06': 'identity.category.technicalCourse',
  '07': 'identity.category.employee',
  '21': 'identity.category.hospitalEmployee',
  '09': 'identity.category.exchange',
  '05': 'identity.category.community',
  '12': 'identity.category.professor',
  Intercamb: 'identity.category.exchangeAgreement',
  MembroComun: 'identity.category.communityMember',
  '08': 'identity.category.special',
  '04': 'identity.category.languageStudents',
  '10': 'identity.category.other',
} as const satisfies Record<CategoryCode, string>;
