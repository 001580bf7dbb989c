import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlertsSchema,
  CatalogueSheetSchema,
  CatalogueSheetsSchema,
  type CatalogueSheet,
  type CatalogueSheetBody,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { DRAFT_HEADING, FINAL_HEADING } from './card.ts';
import { runCatalogueSheetCommand } from './cli.ts';

// The catalogue sheet (SPEC §7 POST /solicitacoes/ficha-catalografica, §5 validation): the draft
// at once, the final sheet once a librarian issues it, each PDF read back by poppler's pdftotext.

const run = promisify(execFile);

const THESIS: CatalogueSheetBody = {
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
  palavras_chave: ['catalogação', 'bibliotecas universitárias', 'Ōsaka'],
  email: 'maria@demo.estante.example',
};

describe('catalogue sheet', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let dir: string;
  let clock: ReturnType<typeof testClock>;
  let ana: Record<string, string>;
  let bruno: Record<string, string>;

  const user = async (login: string) =>
    bearer((await signIn(ctx.app, login, `estante-${login}`)).access_token);
  const send = (body: unknown, headers = ana) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/solicitacoes/ficha-catalografica',
      payload: body as object,
      headers,
    });
  const sent = async (body: CatalogueSheetBody = THESIS): Promise<CatalogueSheet> => {
    const response = await send(body);
    expect(response.statusCode, response.body).toBe(201);
    return CatalogueSheetSchema.parse(response.json());
  };
  const pdf = (id: number, headers = ana) =>
    ctx.app.inject({ url: `/api/solicitacoes/ficha-catalografica/${id}/pdf`, headers });
  /** The PDF's text as pdftotext reads it, NFC, each run of white space one space. */
  const readBack = async (id: number) => {
    const response = await pdf(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const path = join(dir, `sheet-${id}-${Math.random()}.pdf`);
    await writeFile(path, response.rawPayload);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
    return { text: stdout.normalize('NFC').replace(/\s+/g, ' ').trim(), response };
  };
  const sheet = (id: number, ...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    return runCatalogueSheetCommand(
      ctx.db,
      [String(id), ...args],
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { clock, actor: 'staff:desk', mailer: mail.mailer },
    ).then((code) => ({ code, out, err }));
  };

  beforeAll(async () => {
    mail = await startTestMail();
    dir = await mkdtemp(join(tmpdir(), 'estante-sheet-'));
  });
  afterAll(async () => {
    await mail.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    mail.smtp.clear();
    clock = testClock(new Date('2031-05-10T12:00:00Z'));
    ctx = await buildTestApp({ clock, mailer: mail.mailer });
    ana = await user('ana');
    bruno = await user('bruno');
  });
  afterEach(() => ctx.close());

  it('stores the request waiting, with its first event, and answers the draft card at once', async () => {
    const receipt = await sent();
    expect(receipt).toMatchObject({
      situacao: 'aguardando',
      titulo: THESIS.titulo,
      tipo_trabalho: 'mestrado',
      ano: 2031,
      final: false,
      data_solicitacao: '2031-05-10T12:00:00.000Z',
    });
    expect(receipt.ficha).toEqual([
      DRAFT_HEADING,
      'CONCEIÇÃO, Maria da',
      'Catalogação cooperativa em bibliotecas universitárias : um estudo de caso / Maria da Conceição ; ' +
        'orientador(a), João Carlos Souza. – Florianópolis, 2031.',
      '120 f. : il.',
      'Dissertação (Mestrado) – Universidade Federal de Santa Catarina, ' +
        'Programa de Pós-Graduação em Ciência da Informação, 2031.',
      'Orientador(a): João Carlos Souza.',
      'Referências: f. 110-118.',
      '1. Catalogação. 2. Bibliotecas universitárias. 3. Ōsaka. I. Souza, João Carlos. II. Título.',
    ]);
    const stored = await ctx.db.query<{ type: string; status: string; fields: { titulo: string } }>(
      'SELECT type, status, fields FROM library_request WHERE id = $1',
      [receipt.codigo],
    );
    expect(stored.rows[0]).toMatchObject({
      type: 'ficha-catalografica',
      status: 'aguardando',
      fields: { titulo: THESIS.titulo },
    });
    const events = await ctx.db.query(
      'SELECT status, staff FROM library_request_event WHERE request_id = $1',
      [receipt.codigo],
    );
    expect(events.rows).toEqual([{ status: 'aguardando', staff: null }]);
  });

  it('draws the draft PDF that pdftotext reads back: main entry, title, thesis note, subjects, accents intact', async () => {
    const { codigo } = await sent();
    const { text, response } = await readBack(codigo);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ficha-catalografica-${codigo}-rascunho.pdf"`,
    );
    expect(text).toContain(DRAFT_HEADING);
    expect(text).toContain('CONCEIÇÃO, Maria da');
    expect(text).toContain('Catalogação cooperativa em bibliotecas universitárias : um estudo de caso');
    expect(text).toContain('/ Maria da Conceição ; orientador(a), João Carlos Souza. – Florianópolis, 2031.');
    expect(text).toContain('120 f. : il.');
    expect(text).toContain(
      'Dissertação (Mestrado) – Universidade Federal de Santa Catarina, Programa de Pós-Graduação em Ciência da Informação, 2031.',
    );
    expect(text).toContain(
      '1. Catalogação. 2. Bibliotecas universitárias. 3. Ōsaka. I. Souza, João Carlos. II. Título.',
    );
    // The draft leaves the classification's box empty (only its label) and has no Cutter.
    expect(text).toContain('CDU/CDD');
    expect(text).not.toContain('C744c');
  });

  it('refuses what SPEC §5 refuses with a 422 whose message names the field or the rule', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const response = await send({ ...THESIS, ...body });
      expect(response.statusCode, response.body).toBe(422);
      return (response.json() as { message: string }).message;
    };
    expect(await refusal({ titulo: '   ' })).toBe('catalogueSheet.errors.required.titulo');
    expect(await refusal({ autor_sobrenome: undefined })).toBe(
      'catalogueSheet.errors.required.autor_sobrenome',
    );
    expect(await refusal({ tipo_trabalho: undefined })).toBe('catalogueSheet.errors.required.tipo_trabalho');
    expect(await refusal({ palavras_chave: [' ', ''] })).toBe(
      'catalogueSheet.errors.required.palavras_chave',
    );
    expect(await refusal({ total_folhas: undefined })).toBe('catalogueSheet.errors.required.total_folhas');
    expect(await refusal({ ano: 1850 })).toBe('catalogueSheet.errors.yearInvalid');
    expect(await refusal({ ano: 2033 })).toBe('catalogueSheet.errors.yearInvalid');
    expect(await refusal({ total_folhas: 0 })).toBe('catalogueSheet.errors.pagesInvalid');
    expect(await refusal({ pagina_bibliografia_inicial: 119, pagina_bibliografia_final: 118 })).toBe(
      'catalogueSheet.errors.bibliographyOrder',
    );
    expect(await refusal({ pagina_bibliografia_final: 121 })).toBe(
      'catalogueSheet.errors.bibliographyBeyondTotal',
    );
    expect(await refusal({ pagina_bibliografia_final: undefined })).toBe(
      'catalogueSheet.errors.bibliographyIncomplete',
    );
    expect(await refusal({ coorientador_sobrenome: 'Ōta' })).toBe(
      'catalogueSheet.errors.coadvisorIncomplete',
    );
    expect(await refusal({ email: 'maria@' })).toBe('catalogueSheet.errors.emailInvalid');
    // Next year is a sensible year for a thesis being finished; the bibliography may end on the last leaf.
    await sent({ ...THESIS, ano: 2032, pagina_bibliografia_final: 120 });
    const count = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM library_request WHERE type = 'ficha-catalografica'`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('issues the final sheet with the classification and Cutter, answers the request and tells the patron', async () => {
    const { codigo } = await sent();
    const edited = await sheet(codigo, '--classification', 'CDU 025.3', '--cutter', 'C744c');
    expect(edited.code, edited.err.join('\n')).toBe(0);
    // Until issued the patron still gets the draft, without the librarian's data.
    expect((await readBack(codigo)).text).not.toContain('C744c');

    const issued = await sheet(
      codigo,
      '--subjects',
      'Catalogação cooperativa;Bibliotecas universitárias – Brasil',
      '--issue',
    );
    expect(issued.code, issued.err.join('\n')).toBe(0);
    const { text, response } = await readBack(codigo);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ficha-catalografica-${codigo}.pdf"`,
    );
    expect(text).toContain(FINAL_HEADING);
    expect(text).toContain('C744c');
    expect(text).toContain('CDU 025.3');
    expect(text).toContain('CONCEIÇÃO, Maria da');
    expect(text).toContain(
      '1. Catalogação cooperativa. 2. Bibliotecas universitárias – Brasil. I. Souza, João Carlos. II. Título.',
    );

    const [listed] = CatalogueSheetsSchema.parse(
      (await ctx.app.inject({ url: '/api/solicitacoes/ficha-catalografica/minhas', headers: ana })).json(),
    );
    expect(listed).toMatchObject({ codigo, situacao: 'atendida', final: true });
    expect(listed!.ficha).toContain('C744c');
    const stored = await ctx.db.query(
      'SELECT answer_file_name, answer_file_type FROM library_request WHERE id = $1',
      [codigo],
    );
    expect(stored.rows[0]).toEqual({
      answer_file_name: `ficha-catalografica-${codigo}.pdf`,
      answer_file_type: 'application/pdf',
    });
    const events = await ctx.db.query(
      'SELECT status, staff FROM library_request_event WHERE request_id = $1 ORDER BY id',
      [codigo],
    );
    expect(events.rows).toEqual([
      { status: 'aguardando', staff: null },
      { status: 'atendida', staff: 'staff:desk' },
    ]);

    const alerts = AlertsSchema.parse(
      (
        await ctx.app.inject({
          url: '/api/solicitacoes/alertas?dataIni=2031-05-01&dataFim=2031-05-31',
          headers: ana,
        })
      ).json(),
    );
    expect(alerts.map((a) => [a.tipo, a.texto, a.link])).toEqual([
      [
        'catalogueSheetIssued',
        `A ficha catalográfica de "${THESIS.titulo}" está pronta. Baixe a ficha final em Ficha catalográfica.`,
        '/meupergamum/ficha-catalografica',
      ],
    ]);
    const message = await mail.smtp.nextMessage();
    expect(message.envelope.to).toEqual(['ana@demo.estante.example']);
    expect(message.text).toContain(`A ficha catalográfica de "${THESIS.titulo}" está pronta.`);

    // An answered request no longer changes.
    const again = await sheet(codigo, '--cutter', 'X1', '--issue');
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toMatch(/closed/);
  });

  it('never lets one patron list or download another patron’s sheet', async () => {
    const { codigo } = await sent();
    expect((await pdf(codigo, bruno)).statusCode).toBe(404);
    expect((await pdf(codigo + 1000, ana)).statusCode).toBe(404);
    const brunos = await ctx.app.inject({
      url: '/api/solicitacoes/ficha-catalografica/minhas',
      headers: bruno,
    });
    expect(brunos.statusCode).toBe(200);
    expect(brunos.json()).toEqual([]);
    const anas = await ctx.app.inject({ url: '/api/solicitacoes/ficha-catalografica/minhas', headers: ana });
    expect(CatalogueSheetsSchema.parse(anas.json()).map((s) => s.codigo)).toEqual([codigo]);
    // Without a signed-in patron, nothing.
    expect((await pdf(codigo, {})).statusCode).toBe(401);
    expect((await send(THESIS, {})).statusCode).toBe(401);
  });

  it('documents its calls in the OpenAPI description', async () => {
    const paths = Object.keys((await ctx.app.inject({ url: '/api/docs/json' })).json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/solicitacoes/ficha-catalografica',
        '/api/solicitacoes/ficha-catalografica/minhas',
        '/api/solicitacoes/ficha-catalografica/{id}/pdf',
      ]),
    );
  });

  it('is refused to a category that does not hold the catalogue sheet activity', async () => {
    await ctx.db.query('DELETE FROM category_permission WHERE activity_code = 823 AND category_code = $1', [
      '01',
    ]);
    expect((await send(THESIS)).statusCode).toBe(403);
  });
});
