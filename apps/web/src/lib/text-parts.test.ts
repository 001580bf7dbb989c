import { describe, expect, it } from 'vitest';
import pt from '@estante/i18n/locales/pt.json';
import { textsPart } from './text-parts';

type Texts = Parameters<typeof textsPart>[0];

/** Every key of nested texts as a dotted path. */
function paths(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : paths(value, path);
  });
}

describe('the two parts of a language texts (issue 18, a light first load)', () => {
  it('split the texts without losing or repeating one: the first screen gets its areas, the rest the others', () => {
    const first = paths(textsPart(pt, 'first'));
    const rest = paths(textsPart(pt, 'rest'));
    expect([...first, ...rest].sort()).toEqual(paths(pt).sort());
    expect(first.filter((key) => rest.includes(key))).toEqual([]);
    expect(first).toContain('search.field.required');
    expect(first).toContain('staff.link');
    expect(rest).toContain('staff.desk.intro');
    expect(rest.some((key) => key.startsWith('circulation.'))).toBe(true);
  });

  it('keep a plural family together, with its base key', () => {
    const texts: Texts = {
      search: { results: { count_one: '1 resultado', count_other: '{{count}} resultados' } },
      staff: { link: 'Equipe', nav: { desk_one: 'x' }, other_one: 'y', other_other: 'z' },
    };
    expect(textsPart(texts, 'first')).toEqual({
      search: { results: { count_one: '1 resultado', count_other: '{{count}} resultados' } },
      staff: { link: 'Equipe', nav: { desk_one: 'x' } },
    });
    expect(textsPart(texts, 'rest')).toEqual({ staff: { other_one: 'y', other_other: 'z' } });
  });
});
