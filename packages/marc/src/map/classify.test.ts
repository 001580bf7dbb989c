import { describe, expect, it } from 'vitest';
import { classify } from './classify.ts';

const withType = (type: string) => ({ leader: `00000n${type}m a2200000 a 4500`, fields: [] });

describe('classify (leader/06)', () => {
  it.each([...'acdefgijkmoprt'])('reads %s as bibliographic', (type) => {
    expect(classify(withType(type))).toBe('bibliographic');
  });

  it.each([...'uvxy'])('reads %s as holdings', (type) => {
    expect(classify(withType(type))).toBe('holdings');
  });

  it('reads z as authority', () => {
    expect(classify(withType('z'))).toBe('authority');
  });

  it.each([' ', 'b', 'h', 'l', 'n', 'q', 's', 'w', 'A', '#'])('reads %j as unknown', (type) => {
    expect(classify(withType(type))).toBe('unknown');
  });

  it('reads a leader too short to have a position 6 as unknown', () => {
    expect(classify({ leader: '00000n', fields: [] })).toBe('unknown');
    expect(classify({ leader: '', fields: [] })).toBe('unknown');
  });
});
