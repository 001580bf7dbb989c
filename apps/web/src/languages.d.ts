import type { OfferedLanguage } from '@estante/i18n/keys';

declare global {
  /** The offered languages, computed from the texts files at build time (languages.ts). */
  const __ESTANTE_LANGUAGES__: readonly OfferedLanguage[];
}
