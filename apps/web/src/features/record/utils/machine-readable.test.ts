import { describe, expect, it } from 'vitest';
import { buildTitle } from '../../../testing/factories';
import { serialiseJsonLd, titleCoins, titleJsonLd } from './machine-readable';

const PERMALINK = 'https://biblioteca.example/acervo/1';

/** A COinS title read back the way link resolvers read it: form-encoded pairs, keys may repeat. */
function readCoins(kev: string) {
  const params = new URLSearchParams(kev);
  return { get: (key: string) => params.get(key), all: (key: string) => params.getAll(key) };
}

describe('schema.org JSON-LD of a record', () => {
  it('describes a book with its authors, date, edition, ISBN, language and subjects', () => {
    const data = titleJsonLd(
      buildTitle({
        autores: [
          { nome: 'Assis, Machado de, 1839-1908', cod_autoridade: 7, funcao: null },
          { nome: 'Academia Brasileira de Letras', cod_autoridade: null, funcao: 'org.' },
        ],
        edicao: '2. ed.',
        isbn: ['9788535911664'],
        assuntos: [{ termo: 'Ficção brasileira', cod_autoridade: 9 }],
      }),
      PERMALINK,
    );
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Book',
      '@id': PERMALINK,
      url: PERMALINK,
      name: 'Dom Casmurro',
      author: [
        { '@type': 'Person', name: 'Assis, Machado de, 1839-1908' },
        { '@type': 'Organization', name: 'Academia Brasileira de Letras' },
      ],
      datePublished: '1899',
      bookEdition: '2. ed.',
      isbn: '9788535911664',
      inLanguage: 'pt',
      about: ['Ficção brasileira'],
    });
  });

  it('types periodicals, theses and other works, and leaves out what the record lacks', () => {
    const periodical = titleJsonLd(
      buildTitle({
        cod_tipo_obra: 'PERIODICO',
        issn: ['0034-7612'],
        autores: [],
        autor: null,
        ano_publicacao: null,
      }),
      PERMALINK,
    );
    expect(periodical).toMatchObject({ '@type': 'Periodical', issn: '0034-7612' });
    expect(periodical).not.toHaveProperty('author');
    expect(periodical).not.toHaveProperty('datePublished');
    expect(titleJsonLd(buildTitle({ cod_tipo_obra: 'TESE' }), PERMALINK)['@type']).toBe('Thesis');
    expect(titleJsonLd(buildTitle({ cod_tipo_obra: 'KIT' }), PERMALINK)['@type']).toBe('CreativeWork');
    const ebook = titleJsonLd(
      buildTitle({
        cod_tipo_obra: 'EBOOK',
        links: [{ seq_paragrafo: 1, url: 'https://ex.org/b', descricao: null }],
      }),
      PERMALINK,
    );
    expect(ebook).toMatchObject({ bookFormat: 'https://schema.org/EBook', sameAs: ['https://ex.org/b'] });
  });

  it('cannot close its script tag, whatever the record says', () => {
    const json = serialiseJsonLd(
      titleJsonLd(buildTitle({ titulo: 'A </script><script>alert(1)</script>' }), PERMALINK),
    );
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).name).toBe('A </script><script>alert(1)</script>');
  });
});

describe('COinS (OpenURL 1.0 KEV) of a record', () => {
  it('gives a book as a book: title, every author, date, ISBN, edition', () => {
    const coins = readCoins(
      titleCoins(
        buildTitle({
          autores: [
            { nome: 'Assis, Machado de', cod_autoridade: 7, funcao: null },
            { nome: 'Bosi, Alfredo', cod_autoridade: 8, funcao: 'org.' },
          ],
          isbn: ['9788535911664'],
          edicao: '2. ed.',
        }),
        PERMALINK,
      ),
    );
    expect(coins.get('ctx_ver')).toBe('Z39.88-2004');
    expect(coins.get('rft_val_fmt')).toBe('info:ofi/fmt:kev:mtx:book');
    expect(coins.get('rft.genre')).toBe('book');
    expect(coins.get('rft.btitle')).toBe('Dom Casmurro');
    expect(coins.all('rft.au')).toEqual(['Assis, Machado de', 'Bosi, Alfredo']);
    expect(coins.get('rft.date')).toBe('1899');
    expect(coins.get('rft.isbn')).toBe('9788535911664');
    expect(coins.get('rft.edition')).toBe('2. ed.');
    expect(coins.get('rft_id')).toBe(PERMALINK);
  });

  it('gives a periodical as a journal with its ISSN, a thesis as a dissertation, the rest as Dublin Core', () => {
    const journal = readCoins(
      titleCoins(buildTitle({ cod_tipo_obra: 'PERIODICO', issn: ['0034-7612'] }), PERMALINK),
    );
    expect(journal.get('rft_val_fmt')).toBe('info:ofi/fmt:kev:mtx:journal');
    expect(journal.get('rft.jtitle')).toBe('Dom Casmurro');
    expect(journal.get('rft.issn')).toBe('0034-7612');
    const thesis = readCoins(titleCoins(buildTitle({ cod_tipo_obra: 'TESE' }), PERMALINK));
    expect(thesis.get('rft_val_fmt')).toBe('info:ofi/fmt:kev:mtx:dissertation');
    expect(thesis.get('rft.title')).toBe('Dom Casmurro');
    const map = readCoins(
      titleCoins(buildTitle({ cod_tipo_obra: 'MAPA', desc_tipo_obra: 'Mapa' }), PERMALINK),
    );
    expect(map.get('rft_val_fmt')).toBe('info:ofi/fmt:kev:mtx:dc');
    expect(map.get('rft.type')).toBe('Mapa');
    expect(map.all('rft.subject')).toEqual(['Ficção brasileira']);
  });

  it('percent-encodes values so that an "&" or "=" in a title stays in the title', () => {
    const coins = readCoins(titleCoins(buildTitle({ titulo: 'Crime & castigo = 1 + 1' }), PERMALINK));
    expect(coins.get('rft.btitle')).toBe('Crime & castigo = 1 + 1');
  });
});
