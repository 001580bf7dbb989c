import { describe, expect, it } from 'vitest';
import type { MarcField } from '../types.ts';
import { buildRecord } from '../views/build-record.ts';
import { mapTitle, type MappedTitle } from './map-title.ts';

function linksOf(...fields: MarcField[]): MappedTitle['onlineLinks'] {
  const mapped = mapTitle(buildRecord({ title: 'Redes de computadores', fields }));
  if ('error' in mapped) throw new Error(mapped.error);
  return mapped.onlineLinks;
}

const link = (...subfields: [string, string][]): MarcField => ({
  tag: '856',
  ind1: '4',
  ind2: '0',
  subfields: subfields.map(([code, value]) => ({ code, value })),
});

describe('restricted online links (856 $x)', () => {
  it('reads the publisher named in "acesso restrito: <code>"', () => {
    expect(
      linksOf(
        link(
          ['u', 'https://bv.example/livro/1'],
          ['y', 'Biblioteca virtual'],
          ['x', 'Acesso restrito: Pearson'],
        ),
      ),
    ).toEqual([
      { url: 'https://bv.example/livro/1', description: 'Biblioteca virtual', restricted: 'pearson' },
    ]);
  });

  it('gives "proxy" for a restricted link that names no publisher, in Portuguese or English', () => {
    expect(linksOf(link(['u', 'https://a.example/'], ['x', 'acesso restrito.']))[0]?.restricted).toBe(
      'proxy',
    );
    expect(linksOf(link(['u', 'https://b.example/'], ['x', 'Restricted access']))[0]?.restricted).toBe(
      'proxy',
    );
  });

  it('leaves links open when $x is any other note, and never shows $x as the description', () => {
    const [open] = linksOf(
      link(['u', 'https://c.example/'], ['x', 'Verificado em 2024'], ['z', 'Texto completo']),
    );
    expect(open).toEqual({ url: 'https://c.example/', description: 'Texto completo' });
    expect(open).not.toHaveProperty('restricted');
  });
});
