import { describe, expect, it, vi } from 'vitest';
import {
  AVAILABLE_LANGUAGES,
  initI18n,
  detectLanguage,
  endonymOf,
  formatCount,
  formatDate,
  languageTag,
  loadLanguage,
} from './i18n';

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('interface language', () => {
  it('takes ?lang first, then the stored choice, then Portuguese', () => {
    expect(detectLanguage('?lang=es', storageWith('en'))).toBe('es');
    expect(detectLanguage('', storageWith('en'))).toBe('en');
    expect(detectLanguage('', storageWith(null))).toBe('pt');
    expect(detectLanguage('', null)).toBe('pt');
  });

  it('ignores languages whose texts did not load', () => {
    expect(detectLanguage('?lang=de', storageWith('xx'))).toBe('pt');
  });

  it('offers only the complete languages, named in themselves: French and Italian wait for their texts', () => {
    expect(AVAILABLE_LANGUAGES).toEqual(['pt', 'en', 'es']);
    expect(endonymOf('es')).toBe('Español');
    expect(detectLanguage('?lang=fr', storageWith(null))).toBe('pt');
    expect(detectLanguage('', storageWith('it'))).toBe('pt');
  });

  it("loads one language's texts on demand, as the first render needs them", async () => {
    const texts = await loadLanguage('en');
    expect(texts.search.field.required).toBe('The above field is required');
  });

  it('counts by each language\'s plural rules: no "0 resultado" nor "1 disponíveis"', async () => {
    const i18n = initI18n('pt');
    const t = (lng: string, key: 'search.results.count' | 'record.copies.available', count: number) =>
      i18n.t(key, { lng, count, term: 'x' });
    expect(t('pt', 'search.results.count', 0)).toBe('0 resultados para “x”');
    expect(t('pt', 'search.results.count', 1)).toBe('1 resultado para “x”');
    expect(t('pt', 'record.copies.available', 1)).toBe('1 disponível');
    expect(t('pt', 'record.copies.available', 2)).toBe('2 disponíveis');
    expect(t('es', 'record.copies.available', 0)).toBe('0 disponibles');
    expect(t('en', 'search.results.count', 0)).toMatch(/^0 results/);
  });

  it('tags Portuguese as Brazilian Portuguese for the page', () => {
    expect(languageTag('pt')).toBe('pt-BR');
    expect(languageTag('en')).toBe('en');
  });

  it('formats a calendar date in the patron locale without shifting the day', () => {
    expect(formatDate('2025-03-09', 'pt')).toBe('09/03/2025');
    // The year in full in every language: a two-digit year is ambiguous.
    expect(formatDate('2025-03-09', 'es')).toBe('09/03/2025');
    expect(formatDate('2025-03-09', 'en')).toMatch(/^(03\/09|09\/03)\/2025$/);
    expect(formatDate('not a date', 'pt')).toBe('not a date');
  });

  it("formats a count with the language's digit grouping, as Intl does", () => {
    for (const language of ['pt', 'en', 'es', 'fr', 'it'])
      for (const value of [0, 7, 42, 999, 1000, 1234, 12345, 1234567, 2.5])
        expect(formatCount(value, language), `${value} in ${language}`).toBe(
          new Intl.NumberFormat(languageTag(language)).format(value),
        );
    expect(formatCount(1234, 'pt')).toBe('1.234');
    expect(formatCount(1234, 'en')).toBe('1,234');
  });

  it("writes a count under 1,000 without loading Intl's number formatting (decision 0080)", () => {
    const format = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect([0, 8, 999].map((value) => formatCount(value, 'pt'))).toEqual(['0', '8', '999']);
      expect(format).not.toHaveBeenCalled();
    } finally {
      format.mockRestore();
    }
  });
});
