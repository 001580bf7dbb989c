import type pt from './locales/pt.json';

// The shape of the texts and the rules over it, with no text loaded: the web app imports this
// (and load.ts) without pulling every language into its first chunk.

/** The language every text is written in first; the others translate it (SPEC §9: default pt). */
export const SOURCE_LANGUAGE = 'pt';

/** Every language with a texts file, in switcher order; only the complete ones are offered. */
export const LANGUAGES = ['pt', 'en', 'es', 'fr', 'it'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

/** The texts of the source language; its shape types every key. */
export type Messages = typeof pt;

/** Plural suffixes i18next appends to a key (CLDR categories, and `_zero` for a count of 0). */
export const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'] as const;

type StripPlural<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translation key of the source language, plural forms folded into their base key. */
export type TranslationKey = StripPlural<Leaves<Messages>>;

/** A translation in progress: any subset of the source keys. */
export type PartialMessages = DeepPartial<Messages>;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** A language the switcher offers, named in itself. */
export interface OfferedLanguage {
  code: LanguageCode;
  /** The language's name in the language (its `language.endonym`). */
  endonym: string;
}

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

/** The CLDR plural forms a language needs (pt: one, many, other; en: one, other…). */
export function pluralForms(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
}

/**
 * The source keys a translation lacks: a plain key missing, or a counted key missing one of the
 * plural forms its language needs (a `_one`/`_other` pair is one key).
 */
export function missingKeys(language: string, texts: object, source: object): string[] {
  const keys = new Set(flattenKeys(texts));
  const written = new Set([...keys].map(baseKey));
  const counted = new Set(
    flattenKeys(source)
      .filter((key) => baseKey(key) !== key)
      .map(baseKey),
  );
  return [...new Set(flattenKeys(source).map(baseKey))].filter((key) =>
    counted.has(key) ? pluralForms(language).some((form) => !keys.has(`${key}_${form}`)) : !written.has(key),
  );
}

/**
 * The languages to offer: those whose texts have every source key (SPEC §1: a language shows
 * only when its texts are there). A language still being translated drops out by itself, rather
 * than showing Portuguese under its own name.
 */
export function offeredLanguages(texts: Partial<Record<LanguageCode, object>>): OfferedLanguage[] {
  const source = texts[SOURCE_LANGUAGE];
  if (!source) return [];
  return LANGUAGES.flatMap((code) => {
    const tree = texts[code] as { language?: { endonym?: string } } | undefined;
    if (!tree || missingKeys(code, tree, source).length > 0) return [];
    return [{ code, endonym: tree.language?.endonym ?? code }];
  });
}
