import pt from './locales/pt.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import {
  baseKey,
  flattenKeys,
  offeredLanguages,
  type LanguageCode,
  type Messages,
  type PartialMessages,
  type TranslationKey,
} from './keys.ts';

export * from './keys.ts';

// Every language at once, for the server (mail texts), tests and the build. The web app loads one
// language at a time through load.ts.

/** Translations by language, complete or not. */
export const resources = {
  pt: { translation: pt },
  en: { translation: en as Messages },
  es: { translation: es as Messages },
  fr: { translation: fr as PartialMessages },
  it: { translation: it as PartialMessages },
} as const satisfies Record<LanguageCode, { translation: PartialMessages }>;

/** The languages offered, computed from the files: only those with every key. */
export const OFFERED_LANGUAGES = offeredLanguages({ pt, en, es, fr, it });

/** Every key of the source language, plural forms folded (the typed key list). */
export const TRANSLATION_KEYS = [...new Set(flattenKeys(pt).map(baseKey))] as TranslationKey[];
