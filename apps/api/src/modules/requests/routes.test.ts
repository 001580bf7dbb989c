import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACTIVITY,
  AlertsSchema,
  LIBRARY_REQUEST_PATHS,
  LibraryRequestFileSchema,
  LibraryRequestSchema,
  LibraryRequestsSchema,
  PRIVACY_PATHS,
  PrivacyExportSchema,
  type LibraryRequest,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makeLibrary, makePatron } from '../circulation/testing.ts';
import { setActivity } from '../institution/repository.ts';
import { answerRequest, createLibraryRequest, moveRequest, RequestMoveRefusal } from './index.ts';

// The bibliographic requests (SPEC §7 api/solicitacoes; SPEC §5; decision 0048) through the HTTP API
// on a real database, with the test clock and a real SMTP server on loopback.

const DAY = 86_400;

describe('bibliographic requests', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let library: { id: number; code: string };

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2026-03-02T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer, userTokenTtlSeconds: 365 * DAY });
    library = await makeLibrary(ctx.db, 'Biblioteca Central');
  });
  afterEach(() => ctx.close());

  async function patron(options: { email?: string | null } = {}) {
    const p = await makePatron(ctx.db, options);
    const { access_token } = await signIn(ctx.app, p.login, p.password);
    return { ...p, headers: bearer(access_token) };
  }
  type Caller = { headers: Record<string, string> };
  const call = (who: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  const article = () => ({
    titulo: 'Bibliotecas universitárias no Brasil',
    titulo_periodico: 'Revista Brasileira de Biblioteconomia',
    ano: 2019,
    numero: '2',
    pagina_inicial: 10,
    pagina_final: 25,
    email: 'ana@exemplo.org',
    biblioteca: library.id,
  });
  const sent = async (who: Caller, url: string, payload: object): Promise<LibraryRequest> => {
    const response = await call(who, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return LibraryRequestSchema.parse(response.json());
  };
  const refused = async (who: Caller, url: string, payload: object) => {
    const response = await call(who, 'POST', url, payload);
    expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    return (response.json() as { message: string }).message;
  };
  const listOf = async (who: Caller, type: string, status?: string) => {
    const response = await call(
      who,
      'GET',
      `${LIBRARY_REQUEST_PATHS.list(type)}${status ? `?status=${status}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return LibraryRequestsSchema.parse(response.json());
  };

  it('refuses every request call to a visitor', async () => {
    const visitor = { headers: bearer(await publicToken(ctx.app)) };
    for (const [method, url] of [
      ['POST', LIBRARY_REQUEST_PATHS.switching('artigo')],
      ['POST', LIBRARY_REQUEST_PATHS.survey],
      ['POST', LIBRARY_REQUEST_PATHS.specializedSearch],
      ['GET', LIBRARY_REQUEST_PATHS.list('comutacao-bibliografica')],
      ['POST', LIBRARY_REQUEST_PATHS.cancel('comutacao-bibliografica', 1)],
      ['GET', LIBRARY_REQUEST_PATHS.file('comutacao-bibliografica', 1)],
    ] as const) {
      expect((await call(visitor, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('sends an article request to the chosen library and lists it with its first step, by status', async () => {
    const ana = await patron();
    const request = await sent(ana, LIBRARY_REQUEST_PATHS.switching('artigo'), {
      ...article(),
      email: ' ana@exemplo.org ;  ana@trabalho.org ',
      observacao: '   ',
      grau: 'mestrado',
    });
    expect(request).toMatchObject({
      tipo: 'comutacao-bibliografica',
      subtipo: 'artigo',
      situacao: 'aguardando',
      biblioteca: { cod_biblioteca: library.id },
      resposta: null,
      pode_cancelar: true,
      data_solicitacao: '2026-03-02T12:00:00.000Z',
      historico: [{ situacao: 'aguardando', data: '2026-03-02T12:00:00.000Z', observacao: null }],
    });
    // Kept as sent, trimmed, without blanks and without what belongs to another kind (a thesis's degree).
    expect(request.campos).toEqual({
      titulo: 'Bibliotecas universitárias no Brasil',
      titulo_periodico: 'Revista Brasileira de Biblioteconomia',
      ano: 2019,
      numero: '2',
      pagina_inicial: 10,
      pagina_final: 25,
      email: 'ana@exemplo.org; ana@trabalho.org',
    });
    expect(await listOf(ana, 'comutacao-bibliografica')).toEqual([request]);
    expect(await listOf(ana, 'comutacao-bibliografica', 'aguardando')).toHaveLength(1);
    expect(await listOf(ana, 'comutacao-bibliografica', 'atendida')).toEqual([]);
    expect(await listOf(ana, 'levantamento-bibliografico')).toEqual([]);
  });

  it('takes a thesis with its degree, part of a document, a survey and a specialized search, each listed under its type', async () => {
    const ana = await patron();
    const thesis = await sent(ana, LIBRARY_REQUEST_PATHS.switching('tese'), {
      titulo: 'Catalogação cooperativa',
      autor: 'Souza, Maria',
      grau: 'doutorado',
      instituicao: 'USP',
      ano: 2015,
      email: 'ana@exemplo.org',
      biblioteca: library.id,
    });
    expect(thesis).toMatchObject({ subtipo: 'tese', campos: { grau: 'doutorado', autor: 'Souza, Maria' } });
    const part = await sent(ana, LIBRARY_REQUEST_PATHS.switching('parte-documento'), {
      titulo: 'Capítulo 3',
      titulo_documento: 'Manual de catalogação',
      ano: 2010,
      pagina_inicial: 40,
      pagina_final: 40,
      email: 'ana@exemplo.org',
      biblioteca: library.id,
    });
    expect(part.subtipo).toBe('parte-documento');
    const survey = await sent(ana, LIBRARY_REQUEST_PATHS.survey, {
      assunto: 'Acessibilidade em bibliotecas',
      palavras_chave: 'acessibilidade; deficiência visual',
      idiomas: ['por', 'eng'],
      data_inicial: '2015-01-01',
      data_final: '2025-12-31',
      tipos_publicacao: ['artigos', 'teses'],
      email: 'ana@exemplo.org',
      biblioteca: library.id,
    });
    expect(survey).toMatchObject({
      tipo: 'levantamento-bibliografico',
      subtipo: null,
      campos: { idiomas: ['por', 'eng'], tipos_publicacao: ['artigos', 'teses'], data_final: '2025-12-31' },
    });
    const search = await sent(ana, LIBRARY_REQUEST_PATHS.specializedSearch, {
      assunto: 'Indicadores de uso de acervo',
      finalidade: 'pesquisa',
      email: 'ana@exemplo.org',
      biblioteca: library.id,
    });
    expect(search).toMatchObject({ tipo: 'pesquisa-especializada', campos: { finalidade: 'pesquisa' } });
    expect((await listOf(ana, 'comutacao-bibliografica')).map((r) => r.codigo)).toEqual([
      part.codigo,
      thesis.codigo,
    ]);
    expect((await listOf(ana, 'levantamento-bibliografico')).map((r) => r.codigo)).toEqual([survey.codigo]);
    expect((await listOf(ana, 'pesquisa-especializada')).map((r) => r.codigo)).toEqual([search.codigo]);
  });

  it('refuses what SPEC §5 refuses with a 422 whose message is a key naming the field or the rule', async () => {
    const ana = await patron();
    const artigo = LIBRARY_REQUEST_PATHS.switching('artigo');
    const { titulo_periodico: _journal, ...withoutJournal } = article();
    expect(await refused(ana, artigo, withoutJournal)).toBe(
      'libraryRequests.errors.required.titulo_periodico',
    );
    expect(await refused(ana, artigo, { ...article(), titulo: '   ' })).toBe(
      'libraryRequests.errors.required.titulo',
    );
    const { ano: _year, ...withoutYear } = article();
    expect(await refused(ana, artigo, withoutYear)).toBe('libraryRequests.errors.required.ano');
    const { email: _email, ...withoutEmail } = article();
    expect(await refused(ana, artigo, withoutEmail)).toBe('libraryRequests.errors.required.email');
    const { biblioteca: _library, ...withoutLibrary } = article();
    expect(await refused(ana, artigo, withoutLibrary)).toBe('libraryRequests.errors.required.biblioteca');
    expect(
      await refused(ana, LIBRARY_REQUEST_PATHS.switching('tese'), { ...article(), autor: 'Souza, Maria' }),
    ).toBe('libraryRequests.errors.required.grau');
    expect(
      await refused(ana, LIBRARY_REQUEST_PATHS.switching('tese'), { ...article(), grau: 'mestrado' }),
    ).toBe('libraryRequests.errors.required.autor');
    expect(await refused(ana, LIBRARY_REQUEST_PATHS.switching('parte-documento'), article())).toBe(
      'libraryRequests.errors.required.titulo_documento',
    );
    // The start page is not after the end page; the same page is fine.
    expect(await refused(ana, artigo, { ...article(), pagina_inicial: 26, pagina_final: 25 })).toBe(
      'libraryRequests.errors.pageOrder',
    );
    expect(await refused(ana, artigo, { ...article(), ano: 2027 })).toBe(
      'libraryRequests.errors.yearInvalid',
    );
    expect(await refused(ana, artigo, { ...article(), ano: 99 })).toBe('libraryRequests.errors.yearInvalid');
    // Several e-mails go separated by semicolons; a comma is not a separator.
    expect(await refused(ana, artigo, { ...article(), email: 'ana@exemplo.org, bia@exemplo.org' })).toBe(
      'libraryRequests.errors.emailInvalid',
    );
    expect(
      await refused(ana, artigo, {
        ...article(),
        email: ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `${n}@exemplo.org`).join(';'),
      }),
    ).toBe('libraryRequests.errors.tooManyEmails');
    expect(await refused(ana, artigo, { ...article(), titulo: 'x'.repeat(501) })).toBe(
      'libraryRequests.errors.tooLong',
    );
    expect(await refused(ana, artigo, { ...article(), biblioteca: 2_000_000_000 })).toBe(
      'libraryRequests.errors.libraryUnknown',
    );
    const survey = { assunto: 'Leitura', email: 'ana@exemplo.org', biblioteca: library.id };
    expect(await refused(ana, LIBRARY_REQUEST_PATHS.survey, { ...survey, assunto: '' })).toBe(
      'libraryRequests.errors.required.assunto',
    );
    // The start date is not after the end date.
    expect(
      await refused(ana, LIBRARY_REQUEST_PATHS.survey, {
        ...survey,
        data_inicial: '2020-01-02',
        data_final: '2020-01-01',
      }),
    ).toBe('libraryRequests.errors.dateOrder');
    expect(await refused(ana, LIBRARY_REQUEST_PATHS.specializedSearch, survey)).toBe(
      'libraryRequests.errors.required.finalidade',
    );
    // What is not a request at all is a 400 at the door: an unknown kind, a degree that does not exist.
    expect((await call(ana, 'POST', LIBRARY_REQUEST_PATHS.switching('livro'), article())).statusCode).toBe(
      400,
    );
    expect(
      (
        await call(ana, 'POST', LIBRARY_REQUEST_PATHS.switching('tese'), {
          ...article(),
          grau: 'bacharelado',
        })
      ).statusCode,
    ).toBe(400);
    expect(await listOf(ana, 'comutacao-bibliografica')).toEqual([]);
  });

  it('lets a patron cancel their own request while it waits, and never another patron’s', async () => {
    const ana = await patron();
    const bia = await patron();
    const request = await sent(ana, LIBRARY_REQUEST_PATHS.switching('artigo'), article());
    const type = 'comutacao-bibliografica';
    // Bia sees none of Ana's, cannot cancel it, and neither can anyone through another type's path.
    expect(await listOf(bia, type)).toEqual([]);
    expect((await call(bia, 'POST', LIBRARY_REQUEST_PATHS.cancel(type, request.codigo))).statusCode).toBe(
      404,
    );
    expect(
      (await call(ana, 'POST', LIBRARY_REQUEST_PATHS.cancel('levantamento-bibliografico', request.codigo)))
        .statusCode,
    ).toBe(404);
    clock.advance(3600);
    const cancelled = await call(ana, 'POST', LIBRARY_REQUEST_PATHS.cancel(type, request.codigo));
    expect(cancelled.statusCode).toBe(200);
    expect(LibraryRequestSchema.parse(cancelled.json())).toMatchObject({
      situacao: 'cancelada',
      pode_cancelar: false,
      historico: [
        { situacao: 'aguardando' },
        { situacao: 'cancelada', data: '2026-03-02T13:00:00.000Z', observacao: null },
      ],
    });
    const again = await call(ana, 'POST', LIBRARY_REQUEST_PATHS.cancel(type, request.codigo));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'LIBRARY_REQUEST_NOT_CANCELLABLE' });

    // Once the library works on it, the patron can no longer cancel it.
    const second = await sent(ana, LIBRARY_REQUEST_PATHS.switching('artigo'), article());
    await moveRequest(ctx.db, clock, {
      requestId: second.codigo,
      status: 'em_atendimento',
      by: 'staff:lucia',
    });
    const late = await call(ana, 'POST', LIBRARY_REQUEST_PATHS.cancel(type, second.codigo));
    expect(late.statusCode).toBe(422);
    expect((late.json() as { message: string }).message).toBe('libraryRequests.errors.notCancellable');
  });

  it('moves a request, answers it with a text and a file, alerts the patron and e-mails them once per move', async () => {
    const ana = await patron();
    const bia = await patron({ email: null });
    const request = await sent(ana, LIBRARY_REQUEST_PATHS.switching('artigo'), article());
    const type = 'comutacao-bibliografica';
    clock.advance(DAY);
    await moveRequest(
      ctx.db,
      clock,
      { requestId: request.codigo, status: 'em_atendimento', by: 'staff:lucia', note: 'Pedido ao IBICT' },
      { mailer: mail.mailer },
    );
    clock.advance(DAY);
    const pdf = Buffer.from('%PDF-1.4 o artigo');
    const moved = await moveRequest(
      ctx.db,
      clock,
      {
        requestId: request.codigo,
        status: 'atendida',
        by: 'staff:lucia',
        answer: {
          text: 'Segue o artigo.',
          file: { name: 'artigo.pdf', type: 'application/pdf', content: pdf },
        },
      },
      { mailer: mail.mailer },
    );
    expect(moved).toMatchObject({ from: 'em_atendimento', status: 'atendida', patronId: ana.id });

    const [listed] = await listOf(ana, type);
    expect(listed).toMatchObject({
      situacao: 'atendida',
      pode_cancelar: false,
      data_atualizacao: '2026-03-04T12:00:00.000Z',
      resposta: { texto: 'Segue o artigo.', arquivo: { nome: 'artigo.pdf', tipo: 'application/pdf' } },
      historico: [
        { situacao: 'aguardando', observacao: null },
        { situacao: 'em_atendimento', data: '2026-03-03T12:00:00.000Z', observacao: 'Pedido ao IBICT' },
        { situacao: 'atendida', data: '2026-03-04T12:00:00.000Z', observacao: null },
      ],
    });
    // Who moved it stays with the library.
    expect(JSON.stringify(listed)).not.toContain('lucia');

    const file = await call(ana, 'GET', LIBRARY_REQUEST_PATHS.file(type, request.codigo));
    expect(file.statusCode).toBe(200);
    const body = LibraryRequestFileSchema.parse(file.json());
    expect(body).toMatchObject({ nome_arquivo: 'artigo.pdf', tipo: 'application/pdf' });
    expect(Buffer.from(body.conteudo, 'base64').equals(pdf)).toBe(true);
    expect((await call(bia, 'GET', LIBRARY_REQUEST_PATHS.file(type, request.codigo))).statusCode).toBe(404);

    // One alert per move, in the reader's language, leading to the requests screen.
    const alerts = await ctx.app.inject({
      method: 'GET',
      url: '/api/solicitacoes/alertas?dataIni=2026-03-01&dataFim=2026-03-31',
      headers: { ...ana.headers, idioma: '5' },
    });
    const texts = AlertsSchema.parse(alerts.json()).map((a) => [a.tipo, a.texto, a.link]);
    expect(texts).toEqual([
      [
        'requestStatus',
        'Your request "Bibliotecas universitárias no Brasil" was answered. See the library\'s answer under Requests.',
        '/meupergamum/pedidos',
      ],
      [
        'requestStatus',
        'The library is working on your request "Bibliotecas universitárias no Brasil".',
        '/meupergamum/pedidos',
      ],
    ]);
    const received = [await mail.smtp.nextMessage(), await mail.smtp.nextMessage()];
    expect(received.map((m) => m.envelope.to)).toEqual([[ana.email], [ana.email]]);
    expect(received[1]!.text).toContain('foi atendido');

    // A closed request never moves again, whatever the status.
    for (const status of ['em_atendimento', 'cancelada', 'nao_atendida'] as const) {
      await expect(
        moveRequest(ctx.db, clock, { requestId: request.codigo, status, by: 'staff:lucia', note: 'x' }),
      ).rejects.toMatchObject({ reason: 'CLOSED' });
    }
    await expect(
      moveRequest(ctx.db, clock, { requestId: 999_999, status: 'atendida', by: 'staff:lucia' }),
    ).rejects.toBeInstanceOf(RequestMoveRefusal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.smtp.messages).toHaveLength(2);
  });

  it('refuses moves the transitions do not allow and a refusal without its reason; sends no e-mail to whom chose none', async () => {
    const ana = await patron();
    await ctx.db.query('UPDATE patron SET receives_email = false WHERE id = $1', [ana.id]);
    const request = await sent(ana, LIBRARY_REQUEST_PATHS.survey, {
      assunto: 'Leitura',
      email: 'ana@exemplo.org',
      biblioteca: library.id,
    });
    await moveRequest(ctx.db, clock, {
      requestId: request.codigo,
      status: 'em_atendimento',
      by: 'staff:lucia',
    });
    await expect(
      moveRequest(ctx.db, clock, { requestId: request.codigo, status: 'aguardando', by: 'staff:lucia' }),
    ).rejects.toMatchObject({ reason: 'NOT_ALLOWED' });
    await expect(
      moveRequest(ctx.db, clock, { requestId: request.codigo, status: 'nao_atendida', by: 'staff:lucia' }),
    ).rejects.toMatchObject({ reason: 'REASON_REQUIRED' });
    await moveRequest(
      ctx.db,
      clock,
      {
        requestId: request.codigo,
        status: 'nao_atendida',
        by: 'staff:lucia',
        answer: { text: 'Não há material sobre o tema no período.' },
      },
      { mailer: mail.mailer },
    );
    const [listed] = await listOf(ana, 'levantamento-bibliografico');
    expect(listed).toMatchObject({
      situacao: 'nao_atendida',
      resposta: { texto: 'Não há material sobre o tema no período.', arquivo: null },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.smtp.messages).toEqual([]);
  });

  it('lists catalogue sheets other modules store, answers them with a file, and refuses an answer to a cancelled request', async () => {
    const ana = await patron();
    const sheet = await createLibraryRequest(ctx.db, clock, {
      patronId: ana.id,
      type: 'ficha-catalografica',
      libraryId: library.id,
      fields: { titulo: 'Uma tese', autor: 'Ana' },
    });
    await answerRequest(ctx.db, clock, {
      requestId: sheet.codigo,
      file: { name: 'ficha.pdf', type: 'application/pdf', content: Buffer.from('%PDF') },
    });
    const [listed] = await listOf(ana, 'ficha-catalografica');
    expect(listed).toMatchObject({
      situacao: 'aguardando',
      resposta: { texto: null, arquivo: { nome: 'ficha.pdf' } },
    });
    const cancelled = await call(
      ana,
      'POST',
      LIBRARY_REQUEST_PATHS.cancel('ficha-catalografica', sheet.codigo),
    );
    expect(cancelled.statusCode).toBe(200);
    await expect(
      answerRequest(ctx.db, clock, { requestId: sheet.codigo, text: 'tarde' }),
    ).rejects.toMatchObject({
      reason: 'CLOSED',
    });
  });

  it('needs the personal-area activity of each service (decision 0047)', async () => {
    const ana = await patron();
    await setActivity(ctx.db, ACTIVITY.PERSONAL_AREA_BIBLIOGRAPHIC_SWITCHING, false);
    expect((await call(ana, 'POST', LIBRARY_REQUEST_PATHS.switching('artigo'), article())).statusCode).toBe(
      403,
    );
    expect((await call(ana, 'GET', LIBRARY_REQUEST_PATHS.list('comutacao-bibliografica'))).statusCode).toBe(
      200,
    );
    await setActivity(ctx.db, ACTIVITY.PERSONAL_AREA_LIBRARY_REQUESTS, false);
    expect((await call(ana, 'GET', LIBRARY_REQUEST_PATHS.list('comutacao-bibliografica'))).statusCode).toBe(
      403,
    );
    await setActivity(ctx.db, ACTIVITY.PERSONAL_AREA_SPECIALIZED_SEARCH, false);
    expect(
      (
        await call(ana, 'POST', LIBRARY_REQUEST_PATHS.specializedSearch, {
          assunto: 'x',
          finalidade: 'outra',
          email: 'ana@exemplo.org',
          biblioteca: library.id,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('puts the requests and their history in the patron’s data download, without the answer’s file', async () => {
    const ana = await patron();
    const request = await sent(ana, LIBRARY_REQUEST_PATHS.switching('artigo'), article());
    await moveRequest(ctx.db, clock, {
      requestId: request.codigo,
      status: 'atendida',
      by: 'staff:lucia',
      answer: { file: { name: 'a.pdf', type: 'application/pdf', content: Buffer.from('%PDF') } },
    });
    const response = await call(ana, 'GET', PRIVACY_PATHS.privacyData);
    expect(response.statusCode).toBe(200);
    const { tabelas } = PrivacyExportSchema.parse(response.json());
    expect(tabelas['library_request']).toMatchObject({ tipo: 'solicitacoes', omitidos: ['answer_file'] });
    expect(tabelas['library_request']!.linhas).toHaveLength(1);
    expect(tabelas['library_request']!.linhas[0]).not.toHaveProperty('answer_file');
    expect(tabelas['library_request']!.linhas[0]).toMatchObject({ answer_file_name: 'a.pdf' });
    expect(tabelas['library_request_event']!.linhas.map((row) => row['status'])).toEqual([
      'aguardando',
      'atendida',
    ]);
  });
});
