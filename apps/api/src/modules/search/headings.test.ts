import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_WORDS, SearchResponseSchema, formatAdvancedRow, type AdvancedRow } from '@estante/contract';
import { mapTitle, type MarcRecord } from '@estante/marc';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { saveTitle } from '../catalogue/writer.ts';

const sub = (code: string, value: string) => ({ code, value });

/**
 * A Russian book catalogued with its original script in 880s, each linked by $6 to its field:
 * author (100), title (245), varying title (246), subject (650) and publisher (260).
 */
const BUIDA: MarcRecord = {
  leader: '00000nam a2200000 i 4500',
  fields: [
    { tag: '001', value: 'scripts-buida-1' },
    { tag: '008', value: '190101s2019    ru            000 1 rus d' },
    {
      tag: '100',
      ind1: '1',
      ind2: ' ',
      subfields: [sub('6', '880-01'), sub('a', 'Buĭda, I͡Uriĭ,'), sub('d', '1954-')],
    },
    {
      tag: '245',
      ind1: '1',
      ind2: '0',
      subfields: [sub('6', '880-02'), sub('a', 'Prusskai͡a nevesta /'), sub('c', 'I͡Uriĭ Buĭda.')],
    },
    {
      tag: '246',
      ind1: '1',
      ind2: ' ',
      subfields: [sub('6', '880-03'), sub('a', 'Kaliningradskie rasskazy')],
    },
    {
      tag: '260',
      ind1: ' ',
      ind2: ' ',
      subfields: [sub('6', '880-05'), sub('a', 'Moskva :'), sub('b', 'Vagrius')],
    },
    { tag: '650', ind1: ' ', ind2: '4', subfields: [sub('6', '880-04'), sub('a', 'Contos russos.')] },
    { tag: '650', ind1: ' ', ind2: '4', subfields: [sub('a', 'Literatura russa.')] },
    {
      tag: '880',
      ind1: '1',
      ind2: ' ',
      subfields: [sub('6', '100-01/(N'), sub('a', 'Буйда, Юрий,'), sub('d', '1954-')],
    },
    {
      tag: '880',
      ind1: '1',
      ind2: '0',
      subfields: [sub('6', '245-02/(N'), sub('a', 'Прусская невеста /'), sub('c', 'Юрий Буйда.')],
    },
    {
      tag: '880',
      ind1: '1',
      ind2: ' ',
      subfields: [sub('6', '246-03/(N'), sub('a', 'Калининградские рассказы')],
    },
    { tag: '880', ind1: ' ', ind2: '4', subfields: [sub('6', '650-04/(N'), sub('a', 'Русская проза.')] },
    {
      tag: '880',
      ind1: ' ',
      ind2: ' ',
      subfields: [sub('6', '260-05/(N'), sub('a', 'Москва :'), sub('b', 'Вагриус')],
    },
  ],
};

/** Keeps a search to "Memórias póstumas de Brás Cubas" (demo-0001 and its other editions). */
const cubasOnly: AdvancedRow = { operador: 'E', campo: 'titulo', termo: 'memórias póstumas brás cubas' };

describe('phrases stay within one heading; 880s are searched in their linked field', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let buida: number;

  /** Every id the search finds (at most 100). */
  const found = async (query: Record<string, string>, rows: AdvancedRow[] = []): Promise<number[]> => {
    const qs = new URLSearchParams({ quantPag: '100', ...query });
    for (const row of rows) qs.append('linha', formatAdvancedRow(row));
    const response = await ctx.app.inject({ url: `/api/consulta?${qs}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const result = SearchResponseSchema.parse(response.json());
    expect(result.total).toBeLessThanOrEqual(100);
    return result.data.map((h) => h.cod_acervo);
  };
  const demo = async (controlNumber: string) => {
    const { rows } = await ctx.db.query<{
      id: number;
      title: string;
      authors_text: string;
      subjects_text: string;
    }>('SELECT id, title, authors_text, subjects_text FROM title WHERE control_number = $1', [controlNumber]);
    return rows[0]!;
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
    const mapped = mapTitle(BUIDA);
    if ('error' in mapped) throw new Error(mapped.error);
    buida = (await ctx.db.transaction((tx) => saveTitle(tx, mapped, BUIDA, { sourceFormat: 'marc21' }))).id;
  });
  afterAll(() => ctx.close());

  it('a phrase does not run from one subject heading into the next, in a subject or a free search', async () => {
    const cubas = await demo('demo-0001');
    expect(cubas.subjects_text).toMatch(/^Ficção brasileira ; Rio de Janeiro \(RJ\)/);
    for (const tipoBusca of ['assunto', 'livre'] as const) {
      // Inside one heading: found.
      expect(
        await found({ termo: 'ficção brasileira', tipoBusca, tipoTermo: 'exata' }, [cubasOnly]),
      ).toContain(cubas.id);
      expect(await found({ termo: 'rio de janeiro', tipoBusca, tipoTermo: 'exata' }, [cubasOnly])).toContain(
        cubas.id,
      );
      // "brasileira" ends the first heading, "rio" starts the second.
      expect(
        await found({ termo: 'brasileira rio', tipoBusca, tipoTermo: 'exata' }, [cubasOnly]),
      ).not.toContain(cubas.id);
      expect(
        await found({ termo: 'brasileira', tipoBusca }, [
          { operador: 'PROX', campo: tipoBusca, termo: 'rio' },
          cubasOnly,
        ]),
      ).not.toContain(cubas.id);
    }
    // Both words are still found anywhere in the subjects.
    expect(await found({ termo: 'brasileira rio', tipoBusca: 'assunto' }, [cubasOnly])).toContain(cubas.id);
  });

  it(`no proximity operator reaches the next heading (the gap is wider than ${NEAR_WORDS} words)`, async () => {
    const cubas = await demo('demo-0001');
    // "janeiro" is 3 words after "brasileira" across the heading boundary, 1 after "rio" within it.
    expect(
      await found({ termo: 'rio', tipoBusca: 'assunto' }, [
        { operador: 'ANTES', campo: 'assunto', termo: 'janeiro' },
        cubasOnly,
      ]),
    ).toContain(cubas.id);
    expect(
      await found({ termo: 'brasileira', tipoBusca: 'assunto' }, [
        { operador: 'ANTES', campo: 'assunto', termo: 'janeiro' },
        cubasOnly,
      ]),
    ).not.toContain(cubas.id);
    expect(
      await found({ termo: 'janeiro', tipoBusca: 'assunto' }, [
        { operador: 'DEPOIS', campo: 'assunto', termo: 'brasileira' },
        cubasOnly,
      ]),
    ).not.toContain(cubas.id);
    // The gap itself: the first word of a heading lies more than NEAR_WORDS positions after the last of the one before.
    const { rows } = await ctx.db.query<{ v: string }>(
      `SELECT public.f_headings_vector('simple', ARRAY['um', 'dois'])::text AS v`,
    );
    const at = (word: string) => Number(new RegExp(`'${word}':(\\d+)`).exec(rows[0]!.v)?.[1]);
    expect(at('dois') - at('um')).toBeGreaterThan(NEAR_WORDS);
  });

  it('a phrase stays within one author, and within one title (the title and its original script)', async () => {
    const quarto = await demo('demo-0088');
    expect(quarto.authors_text).toBe('Jesus, Carolina Maria de, 1914-1977 ; Dantas, Audálio, 1929-2018');
    expect(await found({ termo: 'carolina maria', tipoBusca: 'autor', tipoTermo: 'exata' })).toContain(
      quarto.id,
    );
    expect(await found({ termo: '1977 dantas', tipoBusca: 'autor', tipoTermo: 'exata' })).not.toContain(
      quarto.id,
    );
    expect(await found({ termo: '1977 dantas', tipoBusca: 'livre', tipoTermo: 'exata' })).not.toContain(
      quarto.id,
    );

    const master = await demo('demo-0198');
    expect(master.title).toBe('Master i Margarita');
    expect(await found({ termo: 'мастер и маргарита', tipoBusca: 'titulo', tipoTermo: 'exata' })).toContain(
      master.id,
    );
    expect(await found({ termo: 'margarita мастер', tipoBusca: 'titulo', tipoTermo: 'exata' })).not.toContain(
      master.id,
    );
  });

  it('an 880 linked to the 100 is searched as an author', async () => {
    expect(await found({ termo: 'Буйда', tipoBusca: 'autor' })).toEqual([buida]);
    expect(await found({ termo: 'буйда юрий', tipoBusca: 'autor', tipoTermo: 'exata' })).toEqual([buida]);
    expect(await found({ termo: 'Буйда', tipoBusca: 'livre' })).toEqual([buida]);
    // Not a title word (the 880 of the 245 gives its $a $b $n $p to the title, not its $c).
    expect(await found({ termo: 'Буйда', tipoBusca: 'titulo' })).toEqual([]);
  });

  it('an 880 linked to a 6XX is searched as a subject, and one linked to 245 or 246 as a title', async () => {
    expect(await found({ termo: 'русская проза', tipoBusca: 'assunto', tipoTermo: 'exata' })).toEqual([
      buida,
    ]);
    expect(await found({ termo: 'Прусская невеста', tipoBusca: 'titulo' })).toEqual([buida]);
    expect(await found({ termo: 'Калининградские рассказы', tipoBusca: 'titulo' })).toEqual([buida]);
    // The romanized subject and the original-script one are two headings.
    expect(await found({ termo: 'russos русская', tipoBusca: 'assunto', tipoTermo: 'exata' })).toEqual([]);
    // An 880 linked to a field that is not a title, author or subject (260) stays in the free search.
    expect(await found({ termo: 'Москва', tipoBusca: 'livre' })).toEqual([buida]);
    for (const tipoBusca of ['titulo', 'autor', 'assunto'])
      expect(await found({ termo: 'Москва', tipoBusca })).toEqual([]);
  });

  it('the rule migration 0019 applied to stored records gives the columns an import writes', async () => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT id FROM title
        WHERE vernacular_titles IS DISTINCT FROM public.f_linked_scripts(marc, 'A', vernacular_title IS NOT NULL)
           OR vernacular_authors IS DISTINCT FROM public.f_linked_scripts(marc, 'B', false)
           OR vernacular_subjects IS DISTINCT FROM public.f_linked_scripts(marc, 'C', false)`,
    );
    expect(rows).toEqual([]);
    const { rows: written } = await ctx.db.query(
      'SELECT vernacular_titles, vernacular_authors, vernacular_subjects FROM title WHERE id = $1',
      [buida],
    );
    expect(written[0]).toEqual({
      vernacular_titles: ['Калининградские рассказы'],
      vernacular_authors: ['Буйда, Юрий, 1954-'],
      vernacular_subjects: ['Русская проза.'],
    });
  });
});
