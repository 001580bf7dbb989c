import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarcImportSchema, MarcImportsSchema, STAFF_PATHS, type MarcImport } from '@estante/contract';
import { buildApp } from '../../app.ts';
import { buildTestApp, TEST_TOKEN_SECRET } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';

// The MARC upload of the staff workspace (decision 0063): the cataloguer uploads a file, the
// answer is a queued job, the server imports it after the answer with the importer of `estante
// import`, and the job tells the records read so far and, at the end, the report.

const DATA = fileURLToPath(new URL('../../../../../../shared/data/marc/', import.meta.url));

/** A multipart/form-data body as a browser's FormData sends it. */
function upload(filename: string, content: Buffer, field = 'arquivo') {
  const boundary = '----estante-marc-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The records of an ISO 2709 file, each ending with its record terminator. */
function records(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x1d) {
      out.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  return out;
}

describe('MARC upload in the staff workspace', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeEach(async () => {
    ctx = await buildTestApp({ clock: testClock(new Date('2031-05-10T12:00:00Z')) });
  });
  afterEach(() => ctx.close());

  const as = async (login: string, password = `estante-${login.replace('.', '-')}`) =>
    bearer((await signIn(ctx.app, login, password)).access_token);
  const post = (headers: Record<string, string>, body = upload('x.mrc', Buffer.from('00000'))) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api${STAFF_PATHS.catalogueImports}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  /** Reads the job until its import has ended (the import runs after the upload's answer). */
  const finished = async (headers: Record<string, string>, id: number): Promise<MarcImport> => {
    for (let attempt = 0; attempt < 600; attempt++) {
      const job = MarcImportSchema.parse(
        (await ctx.app.inject({ url: `/api${STAFF_PATHS.catalogueImport(id)}`, headers })).json(),
      );
      if (job.situacao !== 'na-fila' && job.situacao !== 'importando') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`import ${id} did not end`);
  };

  it('refuses visitors, patrons and staff without the cataloguing role on every call', async () => {
    const calls = [
      (headers: Record<string, string>) =>
        ctx.app.inject({ url: `/api${STAFF_PATHS.catalogueImports}`, headers }),
      (headers: Record<string, string>) =>
        ctx.app.inject({ url: `/api${STAFF_PATHS.catalogueImport(1)}`, headers }),
      (headers: Record<string, string>) => post(headers),
    ];
    const callers: [string, Record<string, string>, number][] = [
      ['visitor', {}, 401],
      ['patron', await as('ana'), 403],
      ['reference', await as('equipe.referencia'), 403],
      ['circulation', await as('equipe.circulacao'), 403],
      ['acquisitions', await as('equipe.aquisicao'), 403],
    ];
    for (const [who, headers, status] of callers) {
      for (const [i, call] of calls.entries()) {
        expect({ who, call: i, status: (await call(headers)).statusCode }).toEqual({ who, call: i, status });
      }
    }
    const { rows } = await ctx.db.query('SELECT 1 FROM marc_import_job');
    expect(rows).toEqual([]);
  });

  it('imports an uploaded file after answering, skips the broken record with why, and records who uploaded it', async () => {
    const parts = records(await readFile(join(DATA, 'evergreen-rda-samples.mrc')));
    const broken = Buffer.from(parts[1]!);
    broken.write('12x45', 0, 'latin1'); // the record length is no longer a number
    const file = Buffer.concat([parts[0]!, broken, parts[2]!]);
    const titles = async () =>
      (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM title')).rows[0]!.n;
    const before = await titles();
    const cataloguer = await as('equipe.catalogacao');
    const answer = await post(cataloguer, upload('rda.mrc', file));
    expect(answer.statusCode).toBe(202);
    const queued = MarcImportSchema.parse(answer.json());
    expect(queued).toMatchObject({
      arquivo: 'rda.mrc',
      formato: 'marc21',
      enviado_por: 'equipe.catalogacao',
      data_envio: '2031-05-10T12:00:00.000Z',
    });
    expect(['na-fila', 'importando']).toContain(queued.situacao);

    const report = await finished(cataloguer, queued.codigo);
    expect(report).toMatchObject({
      situacao: 'concluida',
      lidos: 3,
      inseridos: 2,
      atualizados: 0,
      ignorados: 1,
      registros_ignorados: [{ posicao: 2, motivo: expect.stringMatching(/leader|length/i) }],
      erro: null,
    });
    expect(report.data_fim).toBe('2031-05-10T12:00:00.000Z');
    // The two whole records are in the catalogue; the broken one left nothing behind.
    expect(await titles()).toBe(before + 2);

    const { rows: audit } = await ctx.db.query<{ actor_login: string; action: string; after: unknown }>(
      "SELECT actor_login, action, after FROM staff_action WHERE target_kind = 'marc_import' AND target_id = $1",
      [String(queued.codigo)],
    );
    expect(audit).toEqual([
      {
        actor_login: 'equipe.catalogacao',
        action: 'marc.import',
        after: { file: 'rda.mrc', format: 'marc21', bytes: file.length },
      },
    ]);

    // An administrator holds every role: the list shows the import to them too.
    const list = MarcImportsSchema.parse(
      (
        await ctx.app.inject({
          url: `/api${STAFF_PATHS.catalogueImports}`,
          headers: await as('equipe.admin'),
        })
      ).json(),
    );
    expect(list.data[0]).toMatchObject({ codigo: queued.codigo, situacao: 'concluida', inseridos: 2 });
  });

  it('reads MARCXML by its content, whatever the file is called, and updates records it already has', async () => {
    const cataloguer = await as('equipe.catalogacao');
    const xml = await readFile(join(DATA, 'evergreen-serials.xml'));
    const first = MarcImportSchema.parse((await post(cataloguer, upload('serials.dat', xml))).json());
    expect(first.formato).toBe('marcxml');
    expect(await finished(cataloguer, first.codigo)).toMatchObject({
      situacao: 'concluida',
      lidos: 7,
      inseridos: 7,
    });
    const second = MarcImportSchema.parse((await post(cataloguer, upload('serials.xml', xml))).json());
    expect(await finished(cataloguer, second.codigo)).toMatchObject({
      situacao: 'concluida',
      lidos: 7,
      inseridos: 0,
      atualizados: 7,
    });
  });

  it('refuses an upload without a file, or a file that is not MARC, and queues nothing', async () => {
    const cataloguer = await as('equipe.catalogacao');
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api${STAFF_PATHS.catalogueImports}`,
      headers: cataloguer,
      payload: { arquivo: 'x' },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: 'MARC_IMPORT_FILE_REQUIRED',
      message: 'staff.catalogue.errors.fileRequired',
    });
    const empty = await post(cataloguer, upload('empty.mrc', Buffer.alloc(0)));
    expect(empty.json()).toMatchObject({ code: 'MARC_IMPORT_FILE_REQUIRED' });
    const otherField = await post(cataloguer, upload('a.mrc', Buffer.from('00042'), 'outro'));
    expect(otherField.json()).toMatchObject({ code: 'MARC_IMPORT_FILE_REQUIRED' });
    const pdf = await post(cataloguer, upload('catalogo.pdf', Buffer.from('%PDF-1.7 not a catalogue')));
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json()).toMatchObject({
      code: 'MARC_IMPORT_NOT_MARC',
      message: 'staff.catalogue.errors.notMarc',
    });
    const jobs = await ctx.db.query('SELECT 1 FROM marc_import_job');
    const audit = await ctx.db.query("SELECT 1 FROM staff_action WHERE action = 'marc.import'");
    expect([jobs.rows, audit.rows]).toEqual([[], []]);
  });

  it('marks the imports a stopped server left unfinished as interrupted when it starts again', async () => {
    await ctx.db.query(
      `INSERT INTO marc_import_job (file_name, format, size_bytes, uploaded_by_login, uploaded_at, status, records_read)
       VALUES ('grande.mrc', 'marc21', 10, 'equipe.catalogacao', now(), 'running', 400),
              ('depois.mrc', 'marc21', 10, 'equipe.catalogacao', now(), 'queued', 0)`,
    );
    const restarted = await buildApp({ db: ctx.db, tokenSecret: TEST_TOKEN_SECRET });
    await restarted.ready();
    await restarted.close();
    const { rows } = await ctx.db.query<{ file_name: string; status: string; records_read: number }>(
      'SELECT file_name, status, records_read FROM marc_import_job ORDER BY id',
    );
    expect(rows).toEqual([
      { file_name: 'grande.mrc', status: 'interrupted', records_read: 400 },
      { file_name: 'depois.mrc', status: 'interrupted', records_read: 0 },
    ]);
  });
});
