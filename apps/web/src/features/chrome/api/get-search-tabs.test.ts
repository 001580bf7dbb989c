import { describe, expect, it } from 'vitest';
import { SearchTabsSchema } from '@estante/contract';
import { isSavedSearchTabs } from './get-search-tabs';

describe('the search tabs kept for the session', () => {
  const tab = { key: 'ebooks', label: 'search.tabs.ebooks', enabled: true, order: 2 };

  it('are read back by hand exactly when the schema would read them', () => {
    const values: unknown[] = [
      [],
      [tab, { ...tab, key: 'avancada', enabled: false, order: 9 }],
      [{ ...tab, key: 'unknown' }],
      [{ ...tab, enabled: 'yes' }],
      [{ ...tab, order: 1.5 }],
      [{ ...tab, label: null }],
      [null],
      { 0: tab },
      'ebooks',
      null,
    ];
    for (const value of values)
      expect(isSavedSearchTabs(value), JSON.stringify(value)).toBe(SearchTabsSchema.safeParse(value).success);
  });
});
