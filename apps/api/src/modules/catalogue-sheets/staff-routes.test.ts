import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CATALOGUE_SHEET_PATHS,
  CatalogueSheetsSchema,
  LIBRARY_REQUEST_PATHS,
  STAFF_PATHS,
  StaffCatalogueSheetSchema,
  type CatalogueSheetBody,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { makeLibrary } from '../circulation/testing.ts';
import { FINAL_HEADING } from './card.ts';

// The catalogue sheet at the reference desk (decisions 0049, 0060) over HTTP: the librarian edits
// the library's data on the draft and issues the final sheet, which the patron then downloads (read
// back by poppler's pdftotext); each change is in the audit log, a save that changes nothing is not.
// Who may call these is the requests' staff test's table.

const run = promisify(execFile);

const THESIS: CatalogueSheetBody = {
  autor_sobrenome: 'Conceição',
  autor_prenomes: 'Maria da',
  titulo: 'Catalogação cooperativa em bibliotecas universitárias',
  orientador_sobrenome: 'Souza',
  orientador_prenomes: 'João Carlos',
  tipo_trabalho: 'mestrado',
  programa: 'Programa de Pós-Graduação em Ciência da Informação',
  instituicao: 'Universidade Federal de Santa Catarina',
  cidade: 'Florianópolis',
  ano: 2031,
  total_folhas: 120,
  ilustracoes: 'sim',
  palavras_chave: ['catalogação'],
  email: 'maria@demo.estante.example',
};

describe('reference desk: catalogue sheets', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let dir: string;
  let patron: Record<string, string>;
  let librarian: Record<string, string>;

  const as = async (login: string) =>
    bearer((await signIn(ctx.app, login, `estante-${login.replace('.', '-')}`)).access_token);
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const sheetOf = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await call(librarian, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return StaffCatalogueSheetSchema.parse(response.json());
  };
  const audit = async (id: number) =>
    (
      await ctx.db.query<{ actor_login: string; action: string; before: unknown; after: unknown }>(
        `SELECT actor_login, action, before, after FROM staff_action
          WHERE target_kind = 'library_request' AND target_id = $1 ORDER BY id`,
        [String(id)],
      )
    ).rows;

  beforeAll(async () => {
    mail = await startTestMail();
    dir = await mkdtemp(join(tmpdir(), 'estante-desk-sheet-'));
  });
  afterAll(async () => {
    await mail.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    mail.smtp.clear();
    ctx = await buildTestApp({ clock: testClock(new Date('2031-05-10T12:00:00Z')), mailer: mail.mailer });
    patron = await as('ana');
    librarian = await as('equipe.referencia');
  });
  afterEach(() => ctx.close());

  it('saves the classification, Cutter and subjects on the draft, then issues the final sheet the patron downloads', async () => {
    const sent = await call(patron, 'POST', CATALOGUE_SHEET_PATHS.sheets, THESIS);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = (sent.json() as { codigo: number }).codigo;

    expect(await sheetOf('GET', STAFF_PATHS.requestSheet(id))).toMatchObject({
      codigo: id,
      situacao: 'aguardando',
      classificacao: null,
      cutter: null,
      assuntos: [],
      final: false,
    });
    const saved = await sheetOf('PUT', STAFF_PATHS.requestSheet(id), {
      classificacao: ' 025.3 ',
      assuntos: ['Catalogação cooperativa', ' ', 'Bibliotecas universitárias'],
    });
    expect(saved).toMatchObject({
      classificacao: '025.3',
      cutter: null,
      final: false,
      situacao: 'aguardando',
    });
    expect(saved.ficha.at(-1)).toBe('025.3');
    expect(saved.ficha.join('\n')).toContain('1. Catalogação cooperativa. 2. Bibliotecas universitárias.');
    // Saving the same again changes nothing and writes nothing to the log.
    await sheetOf('PUT', STAFF_PATHS.requestSheet(id), { classificacao: '025.3' });

    // Issuing needs the Cutter: refused in words the screen translates, nothing issued.
    const incomplete = await call(librarian, 'POST', STAFF_PATHS.requestSheetIssue(id), {});
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({
      code: 'CATALOGUE_SHEET_INCOMPLETE',
      message: 'staff.reference.errors.sheetIncomplete',
    });
    const issued = await sheetOf('POST', STAFF_PATHS.requestSheetIssue(id), { cutter: 'C744c' });
    expect(issued).toMatchObject({
      situacao: 'atendida',
      final: true,
      cutter: 'C744c',
      classificacao: '025.3',
    });
    expect(issued.ficha.slice(0, 2)).toEqual([FINAL_HEADING, 'C744c']);

    // The patron's list says final, and the PDF is the issued sheet with the library's data.
    const own = CatalogueSheetsSchema.parse(
      (await call(patron, 'GET', CATALOGUE_SHEET_PATHS.ownSheets)).json(),
    );
    expect(own.find((s) => s.codigo === id)).toMatchObject({ situacao: 'atendida', final: true });
    const pdf = await call(patron, 'GET', CATALOGUE_SHEET_PATHS.sheetPdf(id));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="ficha-catalografica-${id}.pdf"`);
    const path = join(dir, `final-${id}.pdf`);
    await writeFile(path, pdf.rawPayload);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
    const text = stdout.normalize('NFC').replace(/\s+/g, ' ');
    expect(text).toContain(FINAL_HEADING);
    expect(text).toContain('C744c');
    expect(text).toContain('025.3');

    // Closed now: its data no longer changes, and it does not move.
    const closed = await call(librarian, 'PUT', STAFF_PATHS.requestSheet(id), { cutter: 'X1' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({ code: 'REQUEST_CLOSED', message: 'staff.reference.errors.closed' });

    expect(await audit(id)).toEqual([
      {
        actor_login: 'equipe.referencia',
        action: 'catalogueSheet.edit',
        before: { status: 'aguardando', classificacao: null, cutter: null, assuntos: [] },
        after: {
          status: 'aguardando',
          classificacao: '025.3',
          cutter: null,
          assuntos: ['Catalogação cooperativa', 'Bibliotecas universitárias'],
        },
      },
      {
        actor_login: 'equipe.referencia',
        action: 'catalogueSheet.issue',
        before: {
          status: 'aguardando',
          classificacao: '025.3',
          cutter: null,
          assuntos: ['Catalogação cooperativa', 'Bibliotecas universitárias'],
        },
        after: {
          status: 'atendida',
          classificacao: '025.3',
          cutter: 'C744c',
          assuntos: ['Catalogação cooperativa', 'Bibliotecas universitárias'],
        },
      },
    ]);
  });

  it('finds no catalogue sheet on a request of another type, nor on an unknown one', async () => {
    const library = await makeLibrary(ctx.db, 'Biblioteca de Referência');
    const survey = await call(patron, 'POST', LIBRARY_REQUEST_PATHS.survey, {
      assunto: 'Catalogação',
      email: 'ana@example.org',
      biblioteca: library.id,
    });
    expect(survey.statusCode, survey.body).toBe(201);
    const id = (survey.json() as { codigo: number }).codigo;
    expect((await call(librarian, 'GET', STAFF_PATHS.requestSheet(id))).statusCode).toBe(404);
    expect((await call(librarian, 'PUT', STAFF_PATHS.requestSheet(id), { cutter: 'C1' })).statusCode).toBe(
      404,
    );
    expect((await call(librarian, 'POST', STAFF_PATHS.requestSheetIssue(999_999), {})).statusCode).toBe(404);
    expect(await audit(id)).toEqual([]);
  });
});
