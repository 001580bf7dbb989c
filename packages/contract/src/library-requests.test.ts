import { describe, expect, it } from 'vitest';
import { libraryRequestProblems } from './library-requests.ts';

// SPEC §5 rules of the bibliographic requests, the same on the server and the web form.

const ARTICLE = {
  titulo: 'Bibliotecas e leitura',
  titulo_periodico: 'Revista',
  ano: 2020,
  email: 'ana@exemplo.org',
  biblioteca: 1,
};
const keys = (...args: Parameters<typeof libraryRequestProblems>) =>
  libraryRequestProblems(...args).map((p) => `${p.field}:${p.key}`);

describe('libraryRequestProblems', () => {
  it('accepts a complete request, several e-mails separated by semicolons, and equal pages', () => {
    expect(
      keys('artigo', { ...ARTICLE, email: 'a@x.org; b@x.org;', pagina_inicial: 3, pagina_final: 3 }, 2026),
    ).toEqual([]);
  });

  it('names every missing field of each kind, blanks counting as missing', () => {
    expect(keys('tese', { titulo: '  ' }, 2026)).toEqual([
      'titulo:libraryRequests.errors.required.titulo',
      'autor:libraryRequests.errors.required.autor',
      'grau:libraryRequests.errors.required.grau',
      'ano:libraryRequests.errors.required.ano',
      'email:libraryRequests.errors.required.email',
      'biblioteca:libraryRequests.errors.required.biblioteca',
    ]);
    expect(keys('parte-documento', ARTICLE, 2026)).toEqual([
      'titulo_documento:libraryRequests.errors.required.titulo_documento',
    ]);
    expect(keys('pesquisa-especializada', { assunto: 'x', email: 'a@x.org', biblioteca: 1 }, 2026)).toEqual([
      'finalidade:libraryRequests.errors.required.finalidade',
    ]);
  });

  it('refuses a start page after the end page, a start date after the end date, a bad year, bad e-mails, long text', () => {
    expect(keys('artigo', { ...ARTICLE, pagina_inicial: 9, pagina_final: 8 }, 2026)).toEqual([
      'pagina_inicial:libraryRequests.errors.pageOrder',
    ]);
    const survey = { assunto: 'x', email: 'a@x.org', biblioteca: 1 };
    expect(
      keys(
        'levantamento-bibliografico',
        { ...survey, data_inicial: '2020-02-01', data_final: '2020-01-31' },
        2026,
      ),
    ).toEqual(['data_inicial:libraryRequests.errors.dateOrder']);
    expect(keys('artigo', { ...ARTICLE, ano: 2027 }, 2026)).toEqual([
      'ano:libraryRequests.errors.yearInvalid',
    ]);
    expect(keys('artigo', { ...ARTICLE, email: 'a@x.org, b@x.org' }, 2026)).toEqual([
      'email:libraryRequests.errors.emailInvalid',
    ]);
    expect(
      keys('artigo', { ...ARTICLE, email: 'a@x.org;b@x.org;c@x.org;d@x.org;e@x.org;f@x.org' }, 2026),
    ).toEqual(['email:libraryRequests.errors.tooManyEmails']);
    expect(keys('artigo', { ...ARTICLE, observacao: 'x'.repeat(2001) }, 2026)).toEqual([
      'observacao:libraryRequests.errors.tooLong',
    ]);
  });
});
