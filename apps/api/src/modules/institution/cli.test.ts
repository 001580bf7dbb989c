import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaqSchema, InstitutionEventsSchema, OpeningHoursSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { parseDays, parseIntervals, runInstitutionCommand, type CommandOutput } from './cli.ts';
import { readSettings } from './repository.ts';

describe('estante settings … (institution pages from the command line)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  let lines: string[];
  let errors: string[];
  const out: CommandOutput = { log: (line) => lines.push(line), error: (line) => errors.push(line) };
  const run = (...args: string[]) => {
    lines = [];
    errors = [];
    return runInstitutionCommand(ctx.db, args, out);
  };
  const get = async (url: string, language?: string) =>
    (await ctx.app.inject({ url, headers: language ? { ...headers, idioma: language } : headers })).json();

  beforeAll(async () => {
    ctx = await buildTestApp();
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('reads days and intervals the way staff type them', () => {
    expect(parseDays('mon-fri')).toEqual([1, 2, 3, 4, 5]);
    expect(parseDays('sab,dom')).toEqual([6, 7]);
    expect(parseDays('3')).toEqual([3]);
    expect(parseDays('fri-mon')).toBeNull();
    expect(parseIntervals('08:00-12:00, 13:00-18:30')).toEqual([
      { opens: '08:00', closes: '12:00' },
      { opens: '13:00', closes: '18:30' },
    ]);
    expect(parseIntervals('fechado')).toEqual([]);
    expect(parseIntervals('12:00-08:00')).toBeNull();
    expect(parseIntervals('08:00-12:00,11:00-14:00')).toBeNull();
  });

  it('writes a home section and its English text, served right away', async () => {
    expect(
      await run('page', 'secao_2', '--title', 'Horário especial', '--html', '<p>Férias: 8h às 14h.</p>'),
    ).toBe(0);
    expect(
      await run(
        'page',
        'secao_2',
        '--lang',
        'en',
        '--title',
        'Holiday hours',
        '--html',
        '<p>8 am to 2 pm.</p>',
      ),
    ).toBe(0);
    expect(await get('/api/parametros/secao_2')).toEqual({
      titulo: 'Horário especial',
      conteudo: '<p>Férias: 8h às 14h.</p>',
    });
    expect((await get('/api/parametros/secao_2', '5')).titulo).toBe('Holiday hours');
  });

  it('refuses an unknown page key and a page without text', async () => {
    expect(await run('page', 'secao_9', '--title', 'X', '--html', '<p>x</p>')).toBe(2);
    expect(errors.join()).toContain('secao_1, secao_2, informacoes_gerais');
    expect(await run('page', 'secao_1', '--title', 'X')).toBe(2);
  });

  it('adds, translates and removes a FAQ entry', async () => {
    expect(
      await run(
        'faq',
        'add',
        '--question',
        'Posso levar comida?',
        '--answer',
        '<p>Só água.</p>',
        '--position',
        '1',
      ),
    ).toBe(0);
    const id = Number(/FAQ entry (\d+) added/.exec(lines[0]!)?.[1]);
    expect(
      await run(
        'faq',
        'translate',
        String(id),
        '--lang',
        'es',
        '--question',
        '¿Puedo traer comida?',
        '--answer',
        '<p>Solo agua.</p>',
      ),
    ).toBe(0);
    const pt = FaqSchema.parse(await get('/api/parametros/faq'));
    expect(pt[0]).toEqual({ codigo: id, pergunta: 'Posso levar comida?', resposta: '<p>Só água.</p>' });
    expect(FaqSchema.parse(await get('/api/parametros/faq', '3'))[0]!.pergunta).toBe('¿Puedo traer comida?');
    expect(await run('faq', 'remove', String(id))).toBe(0);
    expect(FaqSchema.parse(await get('/api/parametros/faq')).map((e) => e.codigo)).not.toContain(id);
    expect(await run('faq', 'remove', String(id))).toBe(1);
  });

  it('sets the opening hours of a library for several days, and closes a day', async () => {
    expect(await run('hours', 'BT', 'sab,dom', '09:00-13:00')).toBe(0);
    expect(await run('hours', 'BT', 'mon', 'closed')).toBe(0);
    const campuses = OpeningHoursSchema.parse(await get('/api/parametros/atendimento'));
    const bt = campuses.flatMap((c) => c.bibliotecas).find((l) => l.desc_biblioteca.includes('Tecnológico'))!;
    expect(bt.dias[0]!.intervalos).toEqual([]);
    expect(bt.dias[5]!.intervalos).toEqual([{ abertura: '09:00', fechamento: '13:00' }]);
    expect(bt.dias[6]!.intervalos).toEqual([{ abertura: '09:00', fechamento: '13:00' }]);
    expect(await run('hours', 'XX', 'mon', '08:00-12:00')).toBe(1);
    expect(await run('hours', 'BT', 'mon', '8h-12h')).toBe(2);
  });

  it('adds an event to the calendar with an English title, and removes it', async () => {
    expect(
      await run(
        'event',
        'add',
        'eventum',
        '--title',
        'Maratona de leitura',
        '--start',
        '2031-06-01T13:00:00-03:00',
        '--end',
        '2031-06-01T18:00:00-03:00',
        '--location',
        'Biblioteca Central',
        '--link',
        'https://eventos.example/maratona',
      ),
    ).toBe(0);
    const id = Number(/Event (\d+) added/.exec(lines[0]!)?.[1]);
    expect(await run('event', 'translate', String(id), '--lang', 'en', '--title', 'Reading marathon')).toBe(
      0,
    );
    const june = '/api/parametros/eventos_eventum?dataIni=2031-06-01&dataFim=2031-06-30';
    expect(InstitutionEventsSchema.parse(await get(june))).toEqual([
      {
        codigo: id,
        titulo: 'Maratona de leitura',
        descricao: null,
        inicio: '2031-06-01T16:00:00.000Z',
        fim: '2031-06-01T21:00:00.000Z',
        local: 'Biblioteca Central',
        link: 'https://eventos.example/maratona',
      },
    ]);
    expect(InstitutionEventsSchema.parse(await get(june, '5'))[0]!.titulo).toBe('Reading marathon');
    expect(await run('event', 'add', 'eventum', '--title', 'X', '--start', 'amanhã')).toBe(2);
    expect(
      await run('event', 'add', 'eventum', '--title', 'X', '--start', '2031-06-01', '--link', 'javascript:x'),
    ).toBe(2);
    expect(await run('event', 'remove', String(id))).toBe(0);
    expect(await get(june)).toEqual([]);
  });

  it('sets the footer links with `settings set`, served with the institution data right away', async () => {
    expect(await run('set', 'link_externo', 'https://portal.ue.example/')).toBe(0);
    expect(await run('set', 'desc_link_externo', 'Portal UE')).toBe(0);
    expect(await run('set', 'link_catalogo_rede', 'http://rede.example/busca?q=')).toBe(0);
    // Link text stays text even when it reads as JSON.
    expect(await run('set', 'desc_link_catalogo_rede', '2031')).toBe(0);
    expect(await get('/api/parametros/instituicao')).toMatchObject({
      link_externo: 'https://portal.ue.example/',
      desc_link_externo: 'Portal UE',
      link_catalogo_rede: 'http://rede.example/busca?q=',
      desc_link_catalogo_rede: '2031',
    });
    expect(await run('set', 'link_externo', 'javascript:alert(1)')).toBe(2);
    expect(errors.join()).toContain('http:// or https://');
    expect(await run('set', 'link_catalogo_rede', 'rede.example')).toBe(2);
    expect((await get('/api/parametros/instituicao')).link_externo).toBe('https://portal.ue.example/');
    expect(await run('set', 'link_externo', 'null')).toBe(0);
    expect((await get('/api/parametros/instituicao')).link_externo).toBeNull();
  });

  it('sets any other institution setting as JSON or text, and explains its usage', async () => {
    expect(await run('set', 'sigla', 'UEX')).toBe(0);
    expect(await run('set', 'usaOIDC', 'true')).toBe(0);
    expect(lines).toEqual(['Setting usaOIDC saved.']);
    expect(await get('/api/parametros/instituicao')).toMatchObject({ sigla: 'UEX', usaOIDC: true });
    expect(await run('set', 'sigla')).toBe(2);
    expect(errors.join()).toContain('usage: estante settings set KEY VALUE');
  });

  it('holds the settings the workspace offers to the same rules as the screen (decision 0065)', async () => {
    expect(await run('set', 'sigla', '2031')).toBe(0);
    expect((await readSettings(ctx.db))['sigla']).toBe('2031');
    expect(await run('set', 'alerta_dias_antes_vencimento', '31')).toBe(2);
    expect(errors.join()).toContain('alerta_dias_antes_vencimento: must be a whole number from 0 to 30.');
    expect(await run('set', 'dois_fatores', 'yes')).toBe(2);
    expect((await readSettings(ctx.db))['dois_fatores']).toBeUndefined();
    expect(await run('set', 'alerta_dias_antes_vencimento', '5')).toBe(0);
  });

  it('sets the daily comment limit', async () => {
    expect(await run('comment-limit', '3')).toBe(0);
    expect((await readSettings(ctx.db))['comentarios_limite_diario']).toBe(3);
    expect(await run('comment-limit', 'many')).toBe(2);
  });
});
