import { describe, expect, it } from 'vitest';
import { SearchTabsSchema } from '@estante/contract';
import { savedSearchTabsAnswer } from './get-search-tabs';
import { bySchema, read } from '../../../testing/answer-checks';

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
      [{ ...tab, order: 2 ** 53 }],
      [{ ...tab, extra: 'left out' }],
      [null],
      { 0: tab },
      'ebooks',
      null,
    ];
    for (const value of values)
      expect(read(savedSearchTabsAnswer, value), JSON.stringify(value)).toEqual(
        bySchema(SearchTabsSchema, value),
      );
  });
});
