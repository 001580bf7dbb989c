import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../config/env';
import { chooseLanguage } from './choose-language';

describe('choosing a language', () => {
  it('clears the saved search tabs and guide, turns the search guides off, stores the choice and reloads with ?lang', () => {
    sessionStorage.setItem(STORAGE_KEYS.searchTabs, '[]');
    sessionStorage.setItem(STORAGE_KEYS.searchGuide, 'geral');
    sessionStorage.setItem(STORAGE_KEYS.tabSearches, '{"geral":"?termo=sertao"}');
    const reload = vi.fn();
    chooseLanguage('en', {
      local: localStorage,
      session: sessionStorage,
      location: { href: 'http://biblioteca.example/acervo/12/marc?x=1' },
      reload,
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.searchTabs)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.searchGuide)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.tabSearches)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.searchTour)).toBe('off');
    expect(reload).toHaveBeenCalledWith('http://biblioteca.example/acervo/12/marc?x=1&lang=en');
  });
});
