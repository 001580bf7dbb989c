import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GeneralCommentDecisionSchema,
  InterlibraryDataSchema,
  PendingGeneralCommentsSchema,
  STAFF_PATHS,
  StaffClosedStackRequestSchema,
  StaffClosedStackRequestsSchema,
  StaffInterlibraryRequestSchema,
  StaffInterlibraryRequestsSchema,
  StaffLoanRequestSchema,
  StaffLoanRequestsSchema,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { createCirculationEngine } from '../circulation/index.ts';
import { makeLibrary, makePatron, makeTitle } from '../circulation/testing.ts';

// The circulation requests of the staff workspace and the general comments (decision 0061): each
// queue and move over HTTP, the patron told, and every change in the audit log.

describe('staff requests', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let library: { id: number; code: string };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const now = new Date('2031-05-10T12:00:00Z');

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    ctx = await buildTestApp({ clock: testClock(now), mailer: mail.mailer });
    library = await makeLibrary(ctx.db, 'Biblioteca dos Pedidos');
  });
  afterEach(() => ctx.close());

  const as = async (login: string, password = `estante-${login.replace('.', '-')}`) =>
    bearer((await signIn(ctx.app, login, password)).access_token);
  const patron = async () => {
    const made = await makePatron(ctx.db, { email: `${Math.random().toString(36).slice(2)}@example.org` });
    return { ...made, headers: bearer((await signIn(ctx.app, made.login, made.password)).access_token) };
  };
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const get = (url: string, headers: Record<string, string>) =>
    ctx.app.inject({ url: `/api${url}`, headers });
  const audit = async (kind: string, id: number) =>
    (
      await ctx.db.query<{ actor_login: string; action: string; before: unknown; after: unknown }>(
        'SELECT actor_login, action, before, after FROM staff_action WHERE target_kind = $1 AND target_id = $2 ORDER BY id',
        [kind, String(id)],
      )
    ).rows;
  const alerts = async (patronId: number) =>
    (
      await ctx.db.query<{ kind: string; params: Record<string, unknown> }>(
        'SELECT kind, params FROM alert WHERE patron_id = $1 ORDER BY id',
        [patronId],
      )
    ).rows;
  const mailsTo = (address: string | null) =>
    mail.smtp.messages.filter((m) => m.envelope.to.includes(address!));

  const loanRequest = async (patronId: number, title = 'Vidas secas') => {
    const { titleId } = await makeTitle(ctx.db, title, [{ libraryId: library.id }]);
    const { rows } = await ctx.db.query<{ id: number }>(
      'SELECT id FROM receiving_location WHERE library_id = $1 AND NOT is_home_delivery',
      [library.id],
    );
    const engine = createCirculationEngine({
      db: ctx.db,
      clock: testClock(now),
      timeZone: 'America/Sao_Paulo',
    });
    return engine.requestLoan(
      patronId,
      titleId,
      {
        biblioteca_origem: library.id,
        biblioteca_recebimento: library.id,
        cod_local_recebimento: rows[0]!.id,
        email: 'pedido@example.org',
        domicilio: false,
      },
      `patron:${patronId}`,
    );
  };
  const interlibrary = async (patronId: number, requestedAt = now) => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `INSERT INTO interlibrary_request (patron_id, receiving_library_id, title, author, email, requested_at)
       VALUES ($1, $2, 'O cortiço', 'Aluísio Azevedo', 'ill@example.org', $3) RETURNING id::int AS id`,
      [patronId, library.id, requestedAt],
    );
    return rows[0]!.id;
  };
  const closedStack = async (patronId: number) => {
    const { copyIds } = await makeTitle(ctx.db, 'Atlas de 1820', [
      { libraryId: library.id, location: 'Cofre 2' },
    ]);
    await ctx.db.query('UPDATE copy SET is_closed_stacks = true WHERE id = $1', [copyIds[0]]);
    const protocol = `2031-${Math.floor(Math.random() * 900_000 + 100_000)}`;
    const { rows } = await ctx.db.query<{ id: number }>(
      `INSERT INTO closed_stack_request (protocol, patron_id, library_id, requested_at) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [protocol, patronId, library.id, now],
    );
    await ctx.db.query('INSERT INTO closed_stack_request_item (request_id, copy_id) VALUES ($1, $2)', [
      rows[0]!.id,
      copyIds[0],
    ]);
    return { id: rows[0]!.id, protocol };
  };
  const generalComment = async (headers: Record<string, string>, content: string) => {
    const sent = await post('/unidade-informacao/comentario', headers, { content, b: library.id });
    expect(sent.statusCode).toBe(201);
    const { rows } = await ctx.db.query<{ id: number }>(
      'SELECT id::int AS id FROM library_comment WHERE content = $1',
      [content],
    );
    return rows[0]!.id;
  };

  it('refuses every call to visitors (401), patrons and staff without the role (403)', async () => {
    const calls: {
      role: 'circulacao' | 'referencia';
      method: 'GET' | 'POST';
      url: string;
      payload?: object;
    }[] = [
      { role: 'circulacao', method: 'GET', url: STAFF_PATHS.loanRequests },
      {
        role: 'circulacao',
        method: 'POST',
        url: STAFF_PATHS.loanRequestStep(999_999),
        payload: { situacao: 'em_transito' },
      },
      { role: 'circulacao', method: 'GET', url: STAFF_PATHS.interlibraryRequests },
      {
        role: 'circulacao',
        method: 'POST',
        url: STAFF_PATHS.interlibraryStep(999_999),
        payload: { situacao: 'em_transito' },
      },
      { role: 'circulacao', method: 'GET', url: STAFF_PATHS.closedStackRequests },
      {
        role: 'circulacao',
        method: 'POST',
        url: STAFF_PATHS.closedStackDecision(999_999),
        payload: { situacao: 'atendida' },
      },
      { role: 'referencia', method: 'GET', url: STAFF_PATHS.generalComments },
      { role: 'referencia', method: 'POST', url: STAFF_PATHS.generalCommentApproval(999_999) },
      {
        role: 'referencia',
        method: 'POST',
        url: STAFF_PATHS.generalCommentRefusal(999_999),
        payload: { motivo: 'Não.' },
      },
    ];
    const headersOf = {
      visitor: {},
      patron: await as('ana'),
      circulacao: await as('equipe.circulacao'),
      referencia: await as('equipe.referencia'),
      aquisicao: await as('equipe.aquisicao'),
    };
    for (const call of calls) {
      const send = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: call.method,
          url: `/api${call.url}`,
          headers,
          ...(call.payload ? { payload: call.payload } : {}),
        });
      expect((await send(headersOf.visitor)).statusCode, `${call.url} visitor`).toBe(401);
      expect((await send(headersOf.patron)).statusCode, `${call.url} patron`).toBe(403);
      expect((await send(headersOf.aquisicao)).statusCode, `${call.url} acquisitions`).toBe(403);
      const other = call.role === 'circulacao' ? headersOf.referencia : headersOf.circulacao;
      expect((await send(other)).statusCode, `${call.url} other role`).toBe(403);
      // The role itself reaches the call: a queue answers, a move of an unknown request is not found.
      expect((await send(headersOf[call.role])).statusCode, `${call.url} role`).toBe(
        call.method === 'GET' ? 200 : 404,
      );
    }
    const { rows } = await ctx.db.query("SELECT 1 FROM staff_action WHERE action <> 'roles.set'");
    expect(rows).toHaveLength(0);
  });

  it('moves a loan request with the engine: the patron sees it and is told, the history and the audit log keep it', async () => {
    const reader = await patron();
    const id = await loanRequest(reader.id);
    const librarian = await as('equipe.circulacao');
    const queue = StaffLoanRequestsSchema.parse(
      (
        await get(`${STAFF_PATHS.loanRequests}?situacao=aguardando&biblioteca=${library.id}`, librarian)
      ).json(),
    );
    expect(queue.total).toBe(1);
    expect(queue.data[0]).toMatchObject({
      codigo: id,
      titulo: 'Vidas secas',
      leitor: { login: reader.login },
      situacao: 'aguardando',
      historico: [{ situacao: 'aguardando', por: null }],
    });

    const sent = await post(STAFF_PATHS.loanRequestStep(id), librarian, { situacao: 'em_transito' });
    expect(sent.statusCode).toBe(200);
    const arrived = StaffLoanRequestSchema.parse(
      (await post(STAFF_PATHS.loanRequestStep(id), librarian, { situacao: 'disponivel' })).json(),
    );
    expect(arrived.situacao).toBe('disponivel');
    expect(arrived.prazo_retirada).not.toBeNull();
    expect(arrived.historico.map((s) => [s.situacao, s.por])).toEqual([
      ['aguardando', null],
      ['em_transito', 'equipe.circulacao'],
      ['disponivel', 'equipe.circulacao'],
    ]);

    // A move the engine does not allow from where the request is: refused, nothing written.
    const back = await post(STAFF_PATHS.loanRequestStep(id), librarian, { situacao: 'em_transito' });
    expect(back.statusCode).toBe(422);
    expect(back.json()).toMatchObject({ code: 'STAFF_REQUEST_STEP', message: 'staff.requests.errors.step' });

    const own = (await get('/solicitacao-emprestimo', reader.headers)).json() as {
      cod_solicitacao: number;
      situacao: string;
    }[];
    expect(own.find((r) => r.cod_solicitacao === id)?.situacao).toBe('disponivel');
    expect((await alerts(reader.id)).map((a) => a.params['status'])).toEqual(['em_transito', 'disponivel']);
    expect(await audit('loanRequest', id)).toEqual([
      {
        actor_login: 'equipe.circulacao',
        action: 'loanRequest.move',
        before: { status: 'aguardando' },
        after: { status: 'em_transito', pickupDeadline: null },
      },
      {
        actor_login: 'equipe.circulacao',
        action: 'loanRequest.move',
        before: { status: 'em_transito' },
        after: { status: 'disponivel', pickupDeadline: arrived.prazo_retirada },
      },
    ]);
    const unknown = await post(STAFF_PATHS.loanRequestStep(999_999), librarian, {
      situacao: 'nao_finalizada',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('filters the loan-request queue by status, library and day', async () => {
    const reader = await patron();
    const id = await loanRequest(reader.id, 'Capitães da areia');
    const librarian = await as('equipe.circulacao');
    const codes = async (query: string) =>
      StaffLoanRequestsSchema.parse(
        (await get(`${STAFF_PATHS.loanRequests}?${query}`, librarian)).json(),
      ).data.map((r) => r.codigo);
    expect(await codes(`biblioteca=${library.id}`)).toEqual([id]);
    expect(await codes(`biblioteca=${library.id}&situacao=em_transito`)).toEqual([]);
    expect(await codes(`biblioteca=${library.id}&dataIni=2031-05-10&dataFim=2031-05-10`)).toEqual([id]);
    expect(await codes(`biblioteca=${library.id}&dataIni=2031-05-11`)).toEqual([]);
    expect(await codes(`biblioteca=${library.id}&dataFim=2031-05-09`)).toEqual([]);
  });

  it('moves an inter-library loan only along its steps, with the answer the patron reads', async () => {
    const reader = await patron();
    const id = await interlibrary(reader.id);
    const older = await interlibrary(reader.id, new Date('2031-04-01T12:00:00Z'));
    const librarian = await as('equipe.circulacao');
    const queue = StaffInterlibraryRequestsSchema.parse(
      (
        await get(
          `${STAFF_PATHS.interlibraryRequests}?biblioteca=${library.id}&dataIni=2031-05-01`,
          librarian,
        )
      ).json(),
    );
    expect(queue.data.map((r) => r.codigo)).toEqual([id]);
    expect(queue.data[0]).toMatchObject({
      titulo: 'O cortiço',
      situacao: 'aguardando',
      leitor: { login: reader.login },
    });

    const skip = await post(STAFF_PATHS.interlibraryStep(id), librarian, { situacao: 'finalizada' });
    expect(skip.statusCode).toBe(422);
    expect(skip.json()).toMatchObject({ code: 'STAFF_REQUEST_STEP' });
    const noReason = await post(STAFF_PATHS.interlibraryStep(id), librarian, {
      situacao: 'nao_finalizada',
      resposta: '  ',
    });
    expect(noReason.json()).toMatchObject({
      code: 'STAFF_REQUEST_ANSWER_REQUIRED',
      message: 'staff.requests.errors.answerRequired',
    });

    const moved = StaffInterlibraryRequestSchema.parse(
      (
        await post(STAFF_PATHS.interlibraryStep(id), librarian, {
          situacao: 'em_transito',
          resposta: ' Pedido à UFBA; chega em uma semana. ',
        })
      ).json(),
    );
    expect(moved).toMatchObject({ situacao: 'em_transito', resposta: 'Pedido à UFBA; chega em uma semana.' });
    expect(moved.historico.map((s) => [s.situacao, s.por, s.resposta])).toEqual([
      ['aguardando', null, null],
      ['em_transito', 'equipe.circulacao', 'Pedido à UFBA; chega em uma semana.'],
    ]);
    const refused = await post(STAFF_PATHS.interlibraryStep(older), librarian, {
      situacao: 'nao_finalizada',
      resposta: 'Nenhuma instituição da rede empresta este título.',
    });
    expect(refused.statusCode).toBe(200);

    const data = InterlibraryDataSchema.parse(
      (await get('/solicitacoes/emprestimo-inter-bibliotecas/dados', reader.headers)).json(),
    );
    expect(data.solicitacoes.map((r) => [r.codigo, r.situacao])).toEqual([
      [id, 'em_transito'],
      [older, 'nao_finalizada'],
    ]);
    expect((await alerts(reader.id)).map((a) => [a.params['status'], a.params['answer']])).toEqual([
      ['em_transito', 'Pedido à UFBA; chega em uma semana.'],
      ['nao_finalizada', 'Nenhuma instituição da rede empresta este título.'],
    ]);
    await settle();
    const mails = mailsTo(reader.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('Pedido à UFBA; chega em uma semana.');
    expect(await audit('interlibraryRequest', id)).toEqual([
      {
        actor_login: 'equipe.circulacao',
        action: 'interlibraryRequest.move',
        before: { status: 'aguardando' },
        after: { status: 'em_transito', answer: 'Pedido à UFBA; chega em uma semana.' },
      },
    ]);
    const ended = await post(STAFF_PATHS.interlibraryStep(older), librarian, { situacao: 'em_transito' });
    expect(ended.statusCode).toBe(422);
  });

  it('marks a closed-stack protocol attended or refused once, the patron told', async () => {
    const reader = await patron();
    const attended = await closedStack(reader.id);
    const refused = await closedStack(reader.id);
    const librarian = await as('equipe.circulacao');
    const queue = StaffClosedStackRequestsSchema.parse(
      (
        await get(
          `${STAFF_PATHS.closedStackRequests}?situacao=aguardando&biblioteca=${library.id}`,
          librarian,
        )
      ).json(),
    );
    expect(queue.data.map((r) => r.protocolo)).toEqual([attended.protocol, refused.protocol]);
    expect(queue.data[0]!.itens).toMatchObject([{ titulo: 'Atlas de 1820', localizacao: 'Cofre 2' }]);

    const blank = await post(STAFF_PATHS.closedStackDecision(refused.id), librarian, {
      situacao: 'recusada',
    });
    expect(blank.json()).toMatchObject({ code: 'STAFF_REQUEST_ANSWER_REQUIRED' });
    const done = StaffClosedStackRequestSchema.parse(
      (await post(STAFF_PATHS.closedStackDecision(attended.id), librarian, { situacao: 'atendida' })).json(),
    );
    expect(done).toMatchObject({ situacao: 'atendida', resposta: null });
    expect(done.historico.map((s) => s.situacao)).toEqual(['aguardando', 'atendida']);
    const no = await post(STAFF_PATHS.closedStackDecision(refused.id), librarian, {
      situacao: 'recusada',
      resposta: 'A obra está em restauração.',
    });
    expect(no.statusCode).toBe(200);
    const again = await post(STAFF_PATHS.closedStackDecision(attended.id), librarian, {
      situacao: 'recusada',
      resposta: 'Engano.',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'STAFF_REQUEST_STEP' });

    const waiting = StaffClosedStackRequestsSchema.parse(
      (
        await get(
          `${STAFF_PATHS.closedStackRequests}?situacao=aguardando&biblioteca=${library.id}`,
          librarian,
        )
      ).json(),
    );
    expect(waiting.total).toBe(0);
    expect(await alerts(reader.id)).toEqual([
      {
        kind: 'closedStackStatus',
        params: {
          protocol: attended.protocol,
          status: 'atendida',
          library: expect.any(String),
          answer: null,
        },
      },
      {
        kind: 'closedStackStatus',
        params: {
          protocol: refused.protocol,
          status: 'recusada',
          library: expect.any(String),
          answer: 'A obra está em restauração.',
        },
      },
    ]);
    expect(await audit('closedStackRequest', refused.id)).toEqual([
      {
        actor_login: 'equipe.circulacao',
        action: 'closedStackRequest.decide',
        before: { status: 'aguardando' },
        after: { status: 'recusada', answer: 'A obra está em restauração.' },
      },
    ]);
  });

  it('approves or refuses a general comment with a reason, once, and tells its author', async () => {
    const reader = await patron();
    const praised = await generalComment(reader.headers, 'A nova sala de leitura ficou ótima.');
    const rude = await generalComment(reader.headers, 'Comentário fora de propósito.');
    const librarian = await as('equipe.referencia');
    const queue = PendingGeneralCommentsSchema.parse(
      (await get(STAFF_PATHS.generalComments, librarian)).json(),
    );
    expect(queue.data.filter((c) => c.login === reader.login).map((c) => c.codigo)).toEqual([praised, rude]);
    expect(queue.data.find((c) => c.codigo === praised)).toMatchObject({
      biblioteca: { cod_biblioteca: library.id },
      texto: 'A nova sala de leitura ficou ótima.',
    });

    const approved = GeneralCommentDecisionSchema.parse(
      (await post(STAFF_PATHS.generalCommentApproval(praised), librarian)).json(),
    );
    expect(approved).toMatchObject({
      situacao: 'aprovado',
      avaliado_por: 'equipe.referencia',
      data_avaliacao: now.toISOString(),
      motivo_recusa: null,
    });
    const blank = await post(STAFF_PATHS.generalCommentRefusal(rude), librarian, { motivo: ' ' });
    expect(blank.json()).toMatchObject({ code: 'COMMENT_REASON_REQUIRED' });
    const refused = await post(STAFF_PATHS.generalCommentRefusal(rude), librarian, {
      motivo: ' Linguagem ofensiva. ',
    });
    expect(refused.json()).toMatchObject({ situacao: 'recusado', motivo_recusa: 'Linguagem ofensiva.' });
    const twice = await post(STAFF_PATHS.generalCommentApproval(rude), librarian);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ code: 'COMMENT_ALREADY_DECIDED' });
    expect((await post(STAFF_PATHS.generalCommentApproval(999_999), librarian)).statusCode).toBe(404);

    const after = PendingGeneralCommentsSchema.parse(
      (await get(STAFF_PATHS.generalComments, librarian)).json(),
    );
    expect(after.data.some((c) => c.login === reader.login)).toBe(false);
    expect((await alerts(reader.id)).map((a) => a.kind)).toEqual([
      'generalCommentApproved',
      'generalCommentRefused',
    ]);
    await settle();
    expect(
      mailsTo(reader.email)
        .map((m) => m.text)
        .join('\n'),
    ).toContain('Linguagem ofensiva.');
    expect(await audit('generalComment', rude)).toEqual([
      {
        actor_login: 'equipe.referencia',
        action: 'generalComment.refuse',
        before: { status: 'pending', content: 'Comentário fora de propósito.' },
        after: { status: 'rejected', reason: 'Linguagem ofensiva.' },
      },
    ]);
  });
});
