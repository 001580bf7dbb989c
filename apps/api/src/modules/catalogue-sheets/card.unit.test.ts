import { describe, expect, it } from 'vitest';
import {
  cardLines,
  composeCard,
  DRAFT_HEADING,
  FINAL_HEADING,
  subjectsLine,
  type CardFields,
} from './card.ts';

// The ABNT catalogue card's text (NBR 14724; AACR2 punctuation), before any drawing.

const thesis: CardFields = {
  autor_sobrenome: 'Conceição',
  autor_prenomes: 'Maria da',
  titulo: 'Catalogação cooperativa em bibliotecas universitárias',
  subtitulo: 'um estudo de caso',
  orientador_sobrenome: 'Souza',
  orientador_prenomes: 'João Carlos',
  tipo_trabalho: 'mestrado',
  programa: 'Programa de Pós-Graduação em Ciência da Informação',
  instituicao: 'Universidade Federal de Santa Catarina',
  cidade: 'Florianópolis',
  ano: 2031,
  total_folhas: 120,
  pagina_bibliografia_inicial: 110,
  pagina_bibliografia_final: 118,
  ilustracoes: 'sim',
  palavras_chave: ['catalogação', 'bibliotecas universitárias', 'Metadados.'],
  email: 'maria@demo.estante.example',
};

describe('the catalogue card text', () => {
  it('writes a master’s dissertation the way a university library does, leaving Cutter and classification blank', () => {
    const card = composeCard(thesis, null);
    expect(card).toEqual({
      heading: [DRAFT_HEADING],
      mainEntry: 'CONCEIÇÃO, Maria da',
      paragraphs: [
        'Catalogação cooperativa em bibliotecas universitárias : um estudo de caso / Maria da Conceição ; ' +
          'orientador(a), João Carlos Souza. – Florianópolis, 2031.',
        '120 f. : il.',
        'Dissertação (Mestrado) – Universidade Federal de Santa Catarina, ' +
          'Programa de Pós-Graduação em Ciência da Informação, 2031.',
        'Orientador(a): João Carlos Souza.',
        'Referências: f. 110-118.',
        '1. Catalogação. 2. Bibliotecas universitárias. 3. Metadados. I. Souza, João Carlos. II. Título.',
      ],
      cutter: null,
      classification: null,
    });
  });

  it('names the work by its kind, with the co-advisor, colour illustrations and no bibliography pages', () => {
    const card = composeCard(
      {
        ...thesis,
        tipo_trabalho: 'doutorado',
        subtitulo: undefined,
        coorientador_sobrenome: 'Ōta',
        coorientador_prenomes: 'Ana',
        pagina_bibliografia_inicial: undefined,
        pagina_bibliografia_final: undefined,
        ilustracoes: 'coloridas',
      },
      null,
    );
    expect(card.paragraphs).toEqual([
      'Catalogação cooperativa em bibliotecas universitárias / Maria da Conceição ; orientador(a), ' +
        'João Carlos Souza ; coorientador(a), Ana Ōta. – Florianópolis, 2031.',
      '120 f. : il. color.',
      'Tese (Doutorado) – Universidade Federal de Santa Catarina, ' +
        'Programa de Pós-Graduação em Ciência da Informação, 2031.',
      'Orientador(a): João Carlos Souza.',
      'Coorientador(a): Ana Ōta.',
      'Inclui referências.',
      '1. Catalogação. 2. Bibliotecas universitárias. 3. Metadados. I. Souza, João Carlos. II. Ōta, Ana. III. Título.',
    ]);
    expect(
      composeCard({ ...thesis, tipo_trabalho: 'graduacao', ilustracoes: 'nao' }, null).paragraphs.slice(1, 3),
    ).toEqual([
      '120 f.',
      'Trabalho de Conclusão de Curso (Graduação) – Universidade Federal de Santa Catarina, ' +
        'Programa de Pós-Graduação em Ciência da Informação, 2031.',
    ]);
    expect(composeCard({ ...thesis, tipo_trabalho: 'especializacao' }, null).paragraphs[2]).toMatch(
      /^Monografia \(Especialização\) – /,
    );
  });

  it('takes the librarian’s Cutter, classification and subjects on the final sheet', () => {
    const card = composeCard(thesis, {
      classificacao: 'CDU 025.3',
      cutter: 'C744c',
      assuntos: ['Catalogação cooperativa', 'Bibliotecas universitárias – Brasil'],
    });
    expect(card.heading).toEqual([FINAL_HEADING]);
    expect(card.cutter).toBe('C744c');
    expect(card.classification).toBe('CDU 025.3');
    expect(card.paragraphs.at(-1)).toBe(
      '1. Catalogação cooperativa. 2. Bibliotecas universitárias – Brasil. I. Souza, João Carlos. II. Título.',
    );
    expect(cardLines(card)).toEqual([
      FINAL_HEADING,
      'C744c',
      'CONCEIÇÃO, Maria da',
      ...card.paragraphs,
      'CDU 025.3',
    ]);
  });

  it('numbers subjects without doubling full stops and skips blank ones', () => {
    expect(subjectsLine(['  história  do   Brasil ', '', 'Economia.'], [])).toBe(
      '1. História do Brasil. 2. Economia. I. Título.',
    );
  });
});
