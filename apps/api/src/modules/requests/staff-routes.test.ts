import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlertsSchema,
  LIBRARY_REQUEST_PATHS,
  LibraryRequestFileSchema,
  LibraryRequestSchema,
  LibraryRequestsSchema,
  STAFF_PATHS,
  StaffRequestSchema,
  StaffRequestsSchema,
  type CatalogueSheetBody,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makeLibrary, makePatron } from '../circulation/testing.ts';

// The reference desk of the staff workspace (decision 0060) over HTTP on a real database: who may
// call it, the queue and its filters, moving a request with the answer its patron reads, the
// refused moves, and the audit entry each move writes in its transaction.

const DAY = 86_400;

const SHEET: CatalogueSheetBody = {
  autor_sobrenome: 'Conceição',
  autor_prenomes: 'Maria da',
  titulo: 'Catalogação cooperativa',
  orientador_sobrenome: 'Souza',
  orientador_prenomes: 'João',
  tipo_trabalho: 'mestrado',
  programa: 'Programa de Pós-Graduação em Ciência da Informação',
  instituicao: 'Universidade Federal de Santa Catarina',
  cidade: 'Florianópolis',
  ano: 2031,
  total_folhas: 120,
  ilustracoes: 'nao',
  palavras_chave: ['catalogação'],
  email: 'maria@demo.estante.example',
};

describe('reference desk: requests', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let library: { id: number; code: string };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2031-05-10T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer, userTokenTtlSeconds: 365 * DAY });
    library = await makeLibrary(ctx.db, 'Biblioteca de Referência');
  });
  afterEach(() => ctx.close());

  type Headers = Record<string, string>;
  const staff = async (login: string) =>
    bearer((await signIn(ctx.app, login, `estante-${login.replace('.', '-')}`)).access_token);
  const patron = async () => {
    const p = await makePatron(ctx.db, { email: 'leitora@example.org' });
    return { ...p, headers: bearer((await signIn(ctx.app, p.login, p.password)).access_token) };
  };
  const call = (headers: Headers | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      ...(headers ? { headers } : {}),
      ...(payload ? { payload } : {}),
    });
  const article = async (headers: Headers, titulo: string) => {
    const sent = await call(headers, 'POST', LIBRARY_REQUEST_PATHS.switching('artigo'), {
      titulo,
      titulo_periodico: 'Revista Brasileira de Biblioteconomia',
      ano: 2019,
      email: 'leitora@example.org',
      biblioteca: library.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return LibraryRequestSchema.parse(sent.json());
  };
  const survey = async (headers: Headers, assunto: string) => {
    const sent = await call(headers, 'POST', LIBRARY_REQUEST_PATHS.survey, {
      assunto,
      email: 'leitora@example.org',
      biblioteca: library.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return LibraryRequestSchema.parse(sent.json());
  };
  const queue = async (headers: Headers, query = '') => {
    const response = await call(headers, 'GET', `${STAFF_PATHS.requests}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return StaffRequestsSchema.parse(response.json());
  };
  const move = (headers: Headers, id: number, body: object) =>
    call(headers, 'POST', STAFF_PATHS.requestMove(id), body);
  const audit = async (id: number) =>
    (
      await ctx.db.query<{ actor_login: string; action: string; before: unknown; after: unknown }>(
        `SELECT actor_login, action, before, after FROM staff_action
          WHERE target_kind = 'library_request' AND target_id = $1 ORDER BY id`,
        [String(id)],
      )
    ).rows;

  it('refuses every reference call to visitors (401), patrons and staff without the role (403)', async () => {
    const reader = await patron();
    const { codigo } = await article(reader.headers, 'Leitura e acesso');
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', STAFF_PATHS.requests],
      ['POST', STAFF_PATHS.requestMove(codigo), { situacao: 'em_atendimento' }],
      ['GET', STAFF_PATHS.requestSheet(codigo)],
      ['PUT', STAFF_PATHS.requestSheet(codigo), { classificacao: '020' }],
      ['POST', STAFF_PATHS.requestSheetIssue(codigo), {}],
    ];
    const callers: [who: string, headers: Headers | null, status: number][] = [
      ['visitor', null, 401],
      ['patron', reader.headers, 403],
      ['ana', await staff('ana'), 403],
      ['equipe.circulacao', await staff('equipe.circulacao'), 403],
      ['equipe.aquisicao', await staff('equipe.aquisicao'), 403],
      ['equipe.catalogacao', await staff('equipe.catalogacao'), 403],
    ];
    for (const [method, url, body] of calls)
      for (const [who, headers, status] of callers)
        expect((await call(headers, method, url, body)).statusCode, `${who} ${method} ${url}`).toBe(status);
    // Nothing moved: the request still waits, and the log has nothing of it.
    expect(
      (await queue(await staff('equipe.referencia'))).data.find((r) => r.codigo === codigo),
    ).toMatchObject({ situacao: 'aguardando' });
    expect(await audit(codigo)).toEqual([]);
    // The administrator holds every role.
    expect((await call(await staff('equipe.admin'), 'GET', STAFF_PATHS.requests)).statusCode).toBe(200);
  });

  it('lists the queue oldest first with the patron, filtered by type, status and sending day', async () => {
    const reader = await patron();
    const librarian = await staff('equipe.referencia');
    const first = await article(reader.headers, 'Primeiro artigo');
    clock.advance(2 * DAY);
    const second = await survey(reader.headers, 'Segundo levantamento');
    clock.advance(2 * DAY);
    const third = await article(reader.headers, 'Terceiro artigo');
    const ours = (list: { data: { codigo: number }[] }) =>
      list.data.map((r) => r.codigo).filter((id) => [first, second, third].some((r) => r.codigo === id));

    const all = await queue(librarian);
    expect(ours(all)).toEqual([first.codigo, second.codigo, third.codigo]);
    expect(all.data.find((r) => r.codigo === first.codigo)).toMatchObject({
      tipo: 'comutacao-bibliografica',
      subtipo: 'artigo',
      usuario: { login: reader.login },
      campos: { titulo: 'Primeiro artigo' },
      historico: [{ situacao: 'aguardando', responsavel: null }],
    });
    expect(ours(await queue(librarian, '?tipo=comutacao-bibliografica'))).toEqual([
      first.codigo,
      third.codigo,
    ]);
    expect(ours(await queue(librarian, '?tipo=levantamento-bibliografico'))).toEqual([second.codigo]);
    // Days are whole: from the day of the second to the day of the second finds only it.
    expect(ours(await queue(librarian, '?dataIni=2031-05-12&dataFim=2031-05-12'))).toEqual([second.codigo]);
    expect(ours(await queue(librarian, '?dataIni=2031-05-12'))).toEqual([second.codigo, third.codigo]);
    expect(ours(await queue(librarian, '?dataFim=2031-05-11'))).toEqual([first.codigo]);
    expect((await move(librarian, second.codigo, { situacao: 'em_atendimento' })).statusCode).toBe(200);
    const working = await queue(librarian, '?status=em_atendimento');
    expect(ours(working)).toEqual([second.codigo]);
    expect(working.total).toBe(working.data.length);
    expect(ours(await queue(librarian, '?status=aguardando'))).toEqual([first.codigo, third.codigo]);
    // Several statuses at once: the open ones.
    expect(ours(await queue(librarian, '?status=aguardando&status=em_atendimento'))).toEqual([
      first.codigo,
      second.codigo,
      third.codigo,
    ]);
    expect(ours(await queue(librarian, '?status=atendida&status=cancelada'))).toEqual([]);
    expect((await call(librarian, 'GET', `${STAFF_PATHS.requests}?dataIni=2031-02-30`)).statusCode).toBe(400);
  });

  it('answers a request with a text and a file: the patron reads it, downloads the file and is told; the log keeps it', async () => {
    const reader = await patron();
    const librarian = await staff('equipe.referencia');
    const { codigo } = await article(reader.headers, 'Bibliotecas universitárias');
    clock.advance(DAY);
    const working = await move(librarian, codigo, {
      situacao: 'em_atendimento',
      observacao: 'Pedido à BIREME',
    });
    expect(working.statusCode, working.body).toBe(200);
    clock.advance(DAY);
    const content = Buffer.from('%PDF-1.4 artigo');
    const answered = await move(librarian, codigo, {
      situacao: 'atendida',
      resposta: '  Segue a cópia do artigo.  ',
      arquivo: { nome: 'artigo.pdf', tipo: 'application/pdf', conteudo: content.toString('base64') },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(StaffRequestSchema.parse(answered.json())).toMatchObject({
      situacao: 'atendida',
      resposta: {
        texto: 'Segue a cópia do artigo.',
        arquivo: { nome: 'artigo.pdf', tipo: 'application/pdf' },
      },
      historico: [
        { situacao: 'aguardando', responsavel: null },
        { situacao: 'em_atendimento', observacao: 'Pedido à BIREME', responsavel: 'equipe.referencia' },
        { situacao: 'atendida', responsavel: 'equipe.referencia', data: '2031-05-12T12:00:00.000Z' },
      ],
    });

    // The patron reads the answer and the history, not who moved it, and downloads the file.
    const own = LibraryRequestsSchema.parse(
      (await call(reader.headers, 'GET', LIBRARY_REQUEST_PATHS.list('comutacao-bibliografica'))).json(),
    );
    const mine = own.find((r) => r.codigo === codigo)!;
    expect(mine.resposta?.texto).toBe('Segue a cópia do artigo.');
    expect(mine.historico.map((e) => e.situacao)).toEqual(['aguardando', 'em_atendimento', 'atendida']);
    expect(JSON.stringify(mine)).not.toContain('equipe.referencia');
    const file = LibraryRequestFileSchema.parse(
      (
        await call(reader.headers, 'GET', LIBRARY_REQUEST_PATHS.file('comutacao-bibliografica', codigo))
      ).json(),
    );
    expect(Buffer.from(file.conteudo, 'base64').equals(content)).toBe(true);
    const alerts = AlertsSchema.parse(
      (
        await call(reader.headers, 'GET', '/solicitacoes/alertas?dataIni=2031-05-01&dataFim=2031-05-31')
      ).json(),
    );
    expect(alerts.filter((a) => a.texto.includes('Bibliotecas universitárias'))).toHaveLength(2);
    await settle();
    expect(mail.smtp.messages.filter((m) => m.envelope.to.includes('leitora@example.org'))).toHaveLength(2);

    expect(await audit(codigo)).toEqual([
      {
        actor_login: 'equipe.referencia',
        action: 'request.move',
        before: { status: 'aguardando', answer: null, file: null },
        after: { status: 'em_atendimento', note: 'Pedido à BIREME', answer: null, file: null },
      },
      {
        actor_login: 'equipe.referencia',
        action: 'request.move',
        before: { status: 'em_atendimento', answer: null, file: null },
        after: { status: 'atendida', note: null, answer: 'Segue a cópia do artigo.', file: 'artigo.pdf' },
      },
    ]);
  });

  it('refuses the moves the transitions do not allow, and writes nothing for them', async () => {
    const reader = await patron();
    const librarian = await staff('equipe.referencia');
    const refusal = async (id: number, body: object) => {
      const response = await move(librarian, id, body);
      expect(response.statusCode, response.body).toBe(422);
      const { code, message } = response.json() as { code: string; message: string };
      return { code, message };
    };
    const { codigo } = await article(reader.headers, 'Um artigo');
    expect(await refusal(codigo, { situacao: 'aguardando' })).toEqual({
      code: 'REQUEST_TRANSITION_NOT_ALLOWED',
      message: 'staff.reference.errors.notAllowed',
    });
    expect(await refusal(codigo, { situacao: 'nao_atendida', observacao: '   ' })).toEqual({
      code: 'REQUEST_REASON_REQUIRED',
      message: 'staff.reference.errors.reasonRequired',
    });
    expect(
      (await move(librarian, codigo, { situacao: 'nao_atendida', resposta: 'Esgotado.' })).statusCode,
    ).toBe(200);
    expect(await refusal(codigo, { situacao: 'atendida' })).toEqual({
      code: 'REQUEST_CLOSED',
      message: 'staff.reference.errors.closed',
    });

    // A catalogue sheet is answered by issuing its final sheet, not by a move.
    const sheet = await call(reader.headers, 'POST', '/solicitacoes/ficha-catalografica', SHEET);
    expect(sheet.statusCode, sheet.body).toBe(201);
    const sheetId = (sheet.json() as { codigo: number }).codigo;
    expect(await refusal(sheetId, { situacao: 'atendida', resposta: 'Pronta.' })).toEqual({
      code: 'CATALOGUE_SHEET_ISSUE_TO_ANSWER',
      message: 'staff.reference.errors.sheetIssuedOnly',
    });
    expect((await move(librarian, 999_999, { situacao: 'em_atendimento' })).statusCode).toBe(404);
    expect(await audit(codigo)).toHaveLength(1);
    expect(await audit(sheetId)).toEqual([]);
  });
});
