/** Interface languages (SPEC §1): pt is the default; fr and it appear only when their texts load. */
export const LANGUAGES = ['pt', 'en', 'es', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/** Header carrying the language code on every call (SPEC §6). */
export const LANGUAGE_HEADER = 'idioma';

/** SPEC §6/§9: each call sends a language code: 5 for en, 3 for es, 1 otherwise. */
export function languageCode(language: string): number {
  if (language === 'en') return 5;
  if (language === 'es') return 3;
  return 1;
}

/** The interface language a language code stands for (inverse of languageCode; unknown codes mean pt). */
export function languageFromCode(code: string | number | undefined): 'pt' | 'en' | 'es' {
  const n = Number(code);
  if (n === 5) return 'en';
  if (n === 3) return 'es';
  return 'pt';
}
