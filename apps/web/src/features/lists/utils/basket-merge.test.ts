import { describe, expect, it } from 'vitest';
import { pendingMerge, readMerged, recordMerged, writeMerged } from './basket-merge';

describe('merging the browser basket into the permanent basket', () => {
  it('merges every title the first time, and only new ones afterwards', () => {
    expect(pendingMerge([3, 1, 3, 2], {}, '7')).toEqual([3, 1, 2]);
    const merged = recordMerged({}, '7', [3, 1, 2], [3, 1, 2]);
    expect(pendingMerge([3, 1, 2, 9], merged, '7')).toEqual([9]);
  });

  it('does not merge again a title merged before (taken out of the permanent basket since)', () => {
    const merged = recordMerged({}, '7', [5], [5]);
    expect(pendingMerge([5], merged, '7')).toEqual([]);
  });

  it('keeps each patron apart: another patron at the same browser gets the whole basket', () => {
    const merged = recordMerged({}, '7', [5, 6], [5, 6]);
    expect(pendingMerge([5, 6], merged, '8')).toEqual([5, 6]);
  });

  it('forgets titles no longer in the browser basket, so adding one again merges it again', () => {
    const merged = recordMerged(recordMerged({}, '7', [5, 6], [5, 6]), '7', [], [6]);
    expect(merged['7']).toEqual([6]);
    expect(pendingMerge([6, 5], merged, '7')).toEqual([5]);
  });

  it('reads what it wrote, and anything unreadable as nothing merged', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as Storage;
    writeMerged({ '7': [1, 2] }, storage);
    expect(readMerged(storage)).toEqual({ '7': [1, 2] });
    store.set('estante.basketMerged', '{"7":[1,"x"],"8":[4]}');
    expect(readMerged(storage)).toEqual({ '8': [4] });
    store.set('estante.basketMerged', 'not json');
    expect(readMerged(storage)).toEqual({});
  });
});
