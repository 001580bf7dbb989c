import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FaqSchema,
  InstitutionEventsSchema,
  InstitutionPageSchema,
  OpeningHoursSchema,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import type { Clock } from '../../lib/clock.ts';
import { addEvent, deletePage, writePage } from './repository.ts';

describe('institution pages (SPEC §7 /parametros/*)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let headers: Record<string, string>;
  // The demo events are placed relative to the day the template was seeded: "now" is that day.
  const clock: Clock = { now: () => new Date() };
  const get = (url: string, language?: string) =>
    ctx.app.inject({ url, headers: language ? { ...headers, idioma: language } : headers });

  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
    headers = { authorization: `Bearer ${await publicToken(ctx.app)}` };
  });
  afterAll(() => ctx.close());

  it('refuses a caller without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/parametros/secao_1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('serves the demo home sections in Portuguese, English and Spanish', async () => {
    const pt = InstitutionPageSchema.parse((await get('/api/parametros/secao_1')).json());
    const en = InstitutionPageSchema.parse((await get('/api/parametros/secao_1', '5')).json());
    const es = InstitutionPageSchema.parse((await get('/api/parametros/secao_1', '3')).json());
    expect(pt.titulo).toBe('Bem-vindo às Bibliotecas da Universidade Estante');
    expect(en.titulo).toBe('Welcome to the Universidade Estante Libraries');
    expect(es.titulo).toBe('Bienvenido a las Bibliotecas de la Universidade Estante');
    expect(pt.conteudo).toContain('<p>');
    const services = InstitutionPageSchema.parse((await get('/api/parametros/secao_2')).json());
    expect(services.titulo).toBe('Serviços');
  });

  it('falls back to the Portuguese text when a page has no translation', async () => {
    await writePage(ctx.db, 'informacoes_gerais', 'pt', { title: 'Só em português', body: '<p>Texto</p>' });
    await ctx.db.query(
      `UPDATE institution_page SET title_en = NULL, body_en = NULL WHERE key = 'informacoes_gerais'`,
    );
    const en = InstitutionPageSchema.parse((await get('/api/parametros/informacoes_gerais', '5')).json());
    expect(en).toEqual({ titulo: 'Só em português', conteudo: '<p>Texto</p>' });
  });

  it('answers null title and content for a page the institution has not written', async () => {
    await deletePage(ctx.db, 'secao_2');
    const response = await get('/api/parametros/secao_2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ titulo: null, conteudo: null });
  });

  it('lists the FAQ in order, in the caller language', async () => {
    const pt = FaqSchema.parse((await get('/api/parametros/faq')).json());
    const es = FaqSchema.parse((await get('/api/parametros/faq', '3')).json());
    expect(pt.length).toBeGreaterThanOrEqual(5);
    expect(pt[0]!.pergunta).toBe('Como renovo um empréstimo?');
    expect(es[0]!.pergunta).toBe('¿Cómo renuevo un préstamo?');
    expect(es.map((e) => e.codigo)).toEqual(pt.map((e) => e.codigo));
  });

  it('gives the opening hours of every library, Monday to Sunday, closed days empty', async () => {
    const campuses = OpeningHoursSchema.parse((await get('/api/parametros/atendimento')).json());
    expect(campuses.map((c) => c.nome_campus)).toEqual(['Campus Centro', 'Campus Tecnológico']);
    const central = campuses[0]!.bibliotecas.find((l) => l.desc_biblioteca === 'Biblioteca Central')!;
    expect(central.dias.map((d) => d.dia_semana)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(central.dias[0]!.intervalos).toEqual([{ abertura: '07:30', fechamento: '22:00' }]);
    expect(central.dias[5]!.intervalos).toEqual([
      { abertura: '08:00', fechamento: '12:00' },
      { abertura: '13:00', fechamento: '17:00' },
    ]);
    expect(central.dias[6]!.intervalos).toEqual([]);
  });

  it('gives the opening hours of one campus, and 404 for a campus that does not exist', async () => {
    const all = OpeningHoursSchema.parse((await get('/api/parametros/atendimento')).json());
    const tech = all.find((c) => c.nome_campus === 'Campus Tecnológico')!;
    const one = OpeningHoursSchema.parse(
      (await get(`/api/parametros/atendimento/${tech.cod_campus}`)).json(),
    );
    expect(one).toEqual([tech]);
    const missing = await get('/api/parametros/atendimento/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Registro não encontrado.', code: 'NOT_FOUND' });
  });

  it('lists upcoming institutional events in start order, leaving out the ones that ended', async () => {
    await addEvent(ctx.db, {
      kind: 'institucional',
      title: 'Evento que já passou',
      startsAt: new Date(Date.now() - 10 * 86_400_000),
      endsAt: new Date(Date.now() - 9 * 86_400_000),
    });
    const events = InstitutionEventsSchema.parse(
      (await get('/api/parametros/eventos_institucionais')).json(),
    );
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.map((e) => e.titulo)).not.toContain('Evento que já passou');
    const starts = events.map((e) => e.inicio);
    expect([...starts].sort()).toEqual(starts);
    const en = InstitutionEventsSchema.parse(
      (await get('/api/parametros/eventos_institucionais', '5')).json(),
    );
    expect(en.map((e) => e.titulo)).toContain('Book swap fair');
  });

  it('gives the events calendar of a date range, the last day included', async () => {
    await addEvent(ctx.db, {
      kind: 'eventum',
      title: 'Inventário anual',
      startsAt: new Date('2031-03-31T12:00:00Z'),
      location: 'Biblioteca Central',
      link: 'https://eventos.example/inventario',
    });
    const march = InstitutionEventsSchema.parse(
      (await get('/api/parametros/eventos_eventum?dataIni=2031-03-01&dataFim=2031-03-31')).json(),
    );
    expect(march).toEqual([
      {
        codigo: expect.any(Number),
        titulo: 'Inventário anual',
        descricao: null,
        inicio: '2031-03-31T12:00:00.000Z',
        fim: null,
        local: 'Biblioteca Central',
        link: 'https://eventos.example/inventario',
      },
    ]);
    const april = (await get('/api/parametros/eventos_eventum?dataIni=2031-04-01&dataFim=2031-04-30')).json();
    expect(april).toEqual([]);
    // Without dates: this month and the next two, which hold the demo calendar.
    const current = InstitutionEventsSchema.parse((await get('/api/parametros/eventos_eventum')).json());
    expect(current.map((e) => e.titulo)).toContain('Roda de leitura: Machado de Assis');
    expect(current.map((e) => e.titulo)).not.toContain('Inventário anual');
  });

  it('refuses a calendar range that ends before it starts', async () => {
    const response = await get('/api/parametros/eventos_eventum?dataIni=2031-05-01&dataFim=2031-04-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });
});
