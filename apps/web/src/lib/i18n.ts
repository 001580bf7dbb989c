import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '@estante/contract';
import type { LanguageCode, Messages, OfferedLanguage, TranslationKey } from '@estante/i18n/keys';
import { LANGUAGE_PARAM } from '../config/paths';
import { STORAGE_KEYS } from '../config/env';

/** A language the interface is offered in. */
export type LoadedLanguage = LanguageCode;

/**
 * The languages the switcher offers, each named in itself: those whose texts have every key
 * (SPEC §1), computed from the texts files when the app is built (vite.config.ts).
 */
export const OFFERED_LANGUAGES: readonly OfferedLanguage[] = __ESTANTE_LANGUAGES__;

/** The codes of the offered languages, in switcher order. */
export const AVAILABLE_LANGUAGES: readonly LoadedLanguage[] = OFFERED_LANGUAGES.map(
  (language) => language.code,
);

/** True when a value names an offered language. */
export function isAvailableLanguage(value: string | null | undefined): value is LoadedLanguage {
  return !!value && (AVAILABLE_LANGUAGES as readonly string[]).includes(value);
}

/** The name of an offered language in that language ("Español"), whichever language is showing. */
export function endonymOf(language: string): string {
  return OFFERED_LANGUAGES.find((offered) => offered.code === language)?.endonym ?? language;
}

type TextsPart = () => Promise<Record<string, unknown>>;
type LanguageParts = Record<'first' | 'rest', TextsPart>;

/** Each language's texts in two parts, each its own chunk (lib/text-parts.ts). */
const TEXT_PARTS: Partial<Record<LanguageCode, LanguageParts>> = {
  pt: {
    first: async () => (await import('@estante/i18n/locales/pt.json?part=first')).default,
    rest: async () => (await import('@estante/i18n/locales/pt.json?part=rest')).default,
  },
  en: {
    first: async () => (await import('@estante/i18n/locales/en.json?part=first')).default,
    rest: async () => (await import('@estante/i18n/locales/en.json?part=rest')).default,
  },
  es: {
    first: async () => (await import('@estante/i18n/locales/es.json?part=first')).default,
    rest: async () => (await import('@estante/i18n/locales/es.json?part=rest')).default,
  },
  // fr and it are being translated, not offered (detectLanguage never picks them).
};

function partsOf(language: LoadedLanguage): LanguageParts {
  const parts = TEXT_PARTS[language];
  if (!parts) throw new Error(`no texts for ${language}`);
  return parts;
}

/**
 * The first part of one language's texts, all the first screen shows: its own chunk, fetched once
 * (issue 18: only the chosen language loads, and of it first what the home page needs).
 */
export async function loadLanguage(language: LoadedLanguage): Promise<Messages> {
  // The first part is not every text, but the keys it leaves out are shown only by code that waits
  // for the rest (`allTexts`); i18next takes the two parts as one resource.
  return (await partsOf(language).first()) as unknown as Messages;
}

let restLanguage: LoadedLanguage | null = null;
let restOfTexts: Promise<void> | null = null;

/**
 * Fetches the rest of the language's texts and adds them to i18next (main.tsx starts it as soon as
 * the first screen is on its way). Until it is called (the component tests) there is nothing to wait for.
 */
export function loadRestOfLanguage(language: LoadedLanguage): Promise<void> {
  restLanguage = language;
  return allTexts();
}

/** Resolves once every text of the language is loaded; lazy screens and parts wait for it. */
export function allTexts(): Promise<void> {
  const language = restLanguage;
  if (!language) return Promise.resolve();
  restOfTexts ??= partsOf(language)
    .rest()
    .then(
      (texts) => {
        i18n.addResourceBundle(language, 'translation', texts, true, true);
      },
      (error: unknown) => {
        // Not fetched (offline): the next screen that waits tries again.
        restOfTexts = null;
        throw error;
      },
    );
  return restOfTexts;
}

/** A module fetched together with the rest of the texts: what a lazy screen or part loads with. */
export async function withAllTexts<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, allTexts()]);
  return loaded;
}

/** BCP 47 tag of an interface language, for `<html lang>` and date formats. */
export function languageTag(language: string): string {
  return language === 'pt' ? 'pt-BR' : language;
}

/**
 * The language to start in (SPEC "Page chrome"): the `?lang` parameter of a reload, else the stored
 * choice, else pt.
 */
export function detectLanguage(search: string, storage: Pick<Storage, 'getItem'> | null): LoadedLanguage {
  const fromUrl = new URLSearchParams(search).get(LANGUAGE_PARAM);
  if (isAvailableLanguage(fromUrl)) return fromUrl;
  const stored = storage?.getItem(STORAGE_KEYS.language);
  if (isAvailableLanguage(stored)) return stored;
  return DEFAULT_LANGUAGE as LoadedLanguage;
}

/**
 * Repeats the language the app starts in in a cookie (decision 0076), so the server writes the next
 * page for it: that language's texts preloaded, its functionalities described in it.
 */
export function rememberLanguageForServer(language: LoadedLanguage): void {
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // Cookies blocked: the server then writes pages in the default language, as before.
  }
}

/** The app's i18next instance; `initI18n` makes it ready synchronously with the texts given. */
export const i18n: I18n = i18next.createInstance();

/**
 * Starts i18next in a language whose texts are at hand (main.tsx loads them before the first
 * render, so no key ever shows) and keeps `<html lang>` in step with it. Tests pass every language.
 */
export function initI18n(
  language: LoadedLanguage,
  texts: Partial<Record<LoadedLanguage, Messages>> = {},
): I18n {
  const resources = Object.fromEntries(
    Object.entries(texts).map(([code, translation]) => [code, { translation }]),
  );
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      // Every offered language has every key: nothing falls back, so pt need not load with it.
      fallbackLng: false,
      supportedLngs: [...AVAILABLE_LANGUAGES],
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    i18n.on('languageChanged', (lng) => describeDocument(lng));
  } else {
    for (const [code, translation] of Object.entries(texts)) {
      i18n.addResourceBundle(code, 'translation', translation, true, true);
    }
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }
  describeDocument(language);
  return i18n;
}

/**
 * Keeps `<html lang>` and the page's description (index.html's, for search engines and link
 * previews; a record page's own, written by the server, is left alone) in the interface language.
 */
function describeDocument(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = languageTag(language);
  const description = document.head.querySelector('meta[name="description"]:not([data-page-metadata])');
  if (description && i18n.exists('app.description', { lng: language }))
    description.setAttribute('content', i18n.t('app.description', { lng: language }));
}

/** The current interface language. */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
}

/**
 * Translates a key that came from the server (a 422 message, a tab label, a sort label).
 * SPEC §8: missing translated text falls back to the key.
 */
export function translateKey(t: TFunction, key: string, options?: Record<string, unknown>): string {
  // The key is not known at compile time; i18next returns the key itself when it has no text.
  return t(key as TranslationKey, { defaultValue: key, ...options }) as string;
}

/**
 * A day in numbers with the year in full (09/03/2025, 3/9/2025 in American English): a two-digit
 * year is ambiguous for due dates, fines and publication dates alike.
 */
export const NUMERIC_DATE = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** Formats an ISO date (YYYY-MM-DD or a timestamp) as a short date in the patron's locale. */
export function formatDate(value: string, language: string = currentLanguage()): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(patronLocale(language), {
    ...NUMERIC_DATE,
    // A calendar date has no time zone: show the day that was stored.
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** The browser's own locale when it speaks the interface language (en-GB, es-AR…), else the language's tag. */
export function patronLocale(language: string): string {
  const preferred = typeof navigator !== 'undefined' ? navigator.languages : [];
  const match = preferred.find((tag) => tag.toLowerCase().split('-')[0] === language);
  return match ?? languageTag(language);
}

/** One number formatter per locale: building one per count costs more than using one. */
const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats a count with the patron's digit grouping (1.234 in Portuguese, 1,234 in English).
 * A whole number under 1,000 has no grouping in any interface language, so it is written as is:
 * the page's first Intl number or date format loads the browser's formatting data, about 80 ms of
 * main thread on a phone, and a results page with small counts need not pay it (decision 0080).
 */
export function formatCount(value: number, language: string = currentLanguage()): string {
  const locale = patronLocale(language);
  // A `-u-` extension could ask for other digits (`-u-nu-arab`): Intl formats those.
  if (Number.isInteger(value) && value >= 0 && value < 1000 && !locale.includes('-u-')) return String(value);
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    countFormats.set(locale, format);
  }
  return format.format(value);
}
