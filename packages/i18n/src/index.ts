import pt from './locales/pt.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };

/** The language every text is written in first; the others translate it (SPEC §9: default pt). */
export const SOURCE_LANGUAGE = 'pt';

/** The texts of the source language; its shape types every key. */
export type Messages = typeof pt;

/** Plural suffixes i18next appends to a key (CLDR categories). */
export const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'] as const;

type StripPlural<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translation key of the source language, plural forms folded into their base key. */
export type TranslationKey = StripPlural<Leaves<Messages>>;

/** A partial translation: any subset of the source keys (missing texts fall back to pt). */
export type PartialMessages = DeepPartial<Messages>;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** Languages translated in full: each has exactly the source keys (checked by a test). */
export const COMPLETE_LANGUAGES = ['pt', 'en', 'es'] as const;

/** Languages translated in part (SPEC §1 "fr and it appear"); missing keys fall back to pt. */
export const PARTIAL_LANGUAGES = ['fr', 'it'] as const;

/**
 * The top-level key groups a partial language must cover in full: the page chrome and the search
 * screen (with the texts they share). Record, authority and MARC screens may fall back to pt.
 */
export const PARTIAL_LANGUAGE_SCOPE = [
  'language',
  'app',
  'common',
  'config',
  'errors',
  'notFound',
  'notAvailable',
  'chrome',
  'search',
] as const;

/** Translations by language; a language is offered only when its texts are here (SPEC §1). */
export const resources = {
  pt: { translation: pt },
  en: { translation: en as Messages },
  es: { translation: es as Messages },
  fr: { translation: fr as PartialMessages },
  it: { translation: it as PartialMessages },
} as const;
export type LoadedLanguage = keyof typeof resources;

/** The languages whose texts loaded, in switcher order. */
export const LOADED_LANGUAGES = Object.keys(resources) as LoadedLanguage[];

/** The dotted keys of a message tree, plural forms kept as written (e.g. `search.results.count_one`). */
export function flattenKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value as object, `${prefix}${key}.`),
  );
}

/** A key without its plural suffix. */
export function baseKey(key: string): string {
  const suffix = PLURAL_SUFFIXES.find((s) => key.endsWith(s));
  return suffix ? key.slice(0, -suffix.length) : key;
}

/** Every key of the source language, plural forms folded (the typed key list). */
export const TRANSLATION_KEYS = [...new Set(flattenKeys(pt).map(baseKey))] as TranslationKey[];
