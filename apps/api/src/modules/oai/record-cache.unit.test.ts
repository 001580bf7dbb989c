import { describe, expect, it } from 'vitest';
import { RecordCache } from './record-cache.ts';

describe('the cache of written OAI-PMH records', () => {
  it('gives a record back only at the datestamp it was written at, per format', () => {
    const cache = new RecordCache(10);
    cache.set('marc21', 1, '100', '<record>a</record>');
    expect(cache.get('marc21', 1, '100')).toBe('<record>a</record>');
    expect(cache.get('marc21', 1, '101')).toBeUndefined();
    expect(cache.get('oai_dc', 1, '100')).toBeUndefined();
    expect(cache.get('marc21', 2, '100')).toBeUndefined();
    cache.set('marc21', 1, '101', '<record>b</record>');
    expect(cache.get('marc21', 1, '100')).toBeUndefined();
    expect(cache.get('marc21', 1, '101')).toBe('<record>b</record>');
    expect(cache.size).toBe(1);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new RecordCache(2);
    cache.set('oai_dc', 1, 's', 'one');
    cache.set('oai_dc', 2, 's', 'two');
    expect(cache.get('oai_dc', 1, 's')).toBe('one');
    cache.set('oai_dc', 3, 's', 'three');
    expect(cache.size).toBe(2);
    expect(cache.get('oai_dc', 2, 's')).toBeUndefined();
    expect(cache.get('oai_dc', 1, 's')).toBe('one');
    expect(cache.get('oai_dc', 3, 's')).toBe('three');
  });
});
