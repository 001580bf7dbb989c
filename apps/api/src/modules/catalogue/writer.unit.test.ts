import { describe, expect, it } from 'vitest';
import { groupsWithoutRepeats } from './writer.ts';

describe('groupsWithoutRepeats', () => {
  it('starts a new group where a key repeats, keeping the order', () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'a3', 'b2'];
    expect(groupsWithoutRepeats(items, (s) => s[0]!)).toEqual([
      ['a1', 'b1'],
      ['a2', 'c1'],
      ['a3', 'b2'],
    ]);
  });

  it('keeps distinct items in one group, and no items in none', () => {
    expect(groupsWithoutRepeats([1, 2, 3], String)).toEqual([[1, 2, 3]]);
    expect(groupsWithoutRepeats([], String)).toEqual([]);
  });
});
