import type { LanguageCode, Messages } from './keys.ts';

/**
 * The texts of one language, each file its own chunk in the web build: a page loads only the
 * language it shows, and a language change loads the next one.
 */
export const LOCALE_LOADERS: Record<LanguageCode, () => Promise<Messages>> = {
  pt: () => import('./locales/pt.json').then((m) => m.default),
  en: () => import('./locales/en.json').then((m) => m.default as Messages),
  es: () => import('./locales/es.json').then((m) => m.default as Messages),
  // fr and it are being translated: typed as complete here, offered only once they are.
  fr: () => import('./locales/fr.json').then((m) => m.default as unknown as Messages),
  it: () => import('./locales/it.json').then((m) => m.default as unknown as Messages),
};
