import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { testClock } from '../identity/testing.ts';
import { makeLibrary, makePatron } from '../circulation/testing.ts';
import { runRequestsCommand } from './cli.ts';
import { createLibraryRequest } from './service.ts';

// `estante requests list|show|move`: the library's side of the requests until the staff screens exist.

describe('estante requests', () => {
  let db: Db;
  let clock: ReturnType<typeof testClock>;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let dir: string;
  let out: string[];
  let err: string[];
  const requests = (...args: string[]) => {
    out = [];
    err = [];
    return runRequestsCommand(
      db,
      args,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { clock, actor: 'staff:desk', mailer: mail.mailer },
    );
  };

  beforeAll(async () => {
    mail = await startTestMail();
    dir = await mkdtemp(join(tmpdir(), 'estante-requests-'));
  });
  afterAll(async () => {
    await mail.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    mail.smtp.clear();
    db = await createTestDb();
    clock = testClock(new Date('2031-05-10T12:00:00Z'));
  });
  afterEach(() => db.close());

  it('lists the requests by type and status, shows one, and moves it with a note, an answer and a file', async () => {
    const library = await makeLibrary(db, 'Biblioteca Central');
    const ana = await makePatron(db, { login: 'ana-requests' });
    expect(await requests('list')).toBe(0);
    expect(out).toEqual(['No requests.']);
    const article = await createLibraryRequest(db, clock, {
      patronId: ana.id,
      type: 'comutacao-bibliografica',
      subtype: 'artigo',
      libraryId: library.id,
      fields: { titulo: 'Bibliotecas e leitura', ano: 2020, email: 'ana@exemplo.org' },
    });
    clock.advance(60);
    const survey = await createLibraryRequest(db, clock, {
      patronId: ana.id,
      type: 'levantamento-bibliografico',
      libraryId: library.id,
      fields: { assunto: 'Leitura na infância', idiomas: ['por', 'eng'] },
    });
    expect(await requests('list')).toBe(0);
    expect(out).toEqual([
      `${article.codigo}  2031-05-10 12:00  aguardando  comutacao-bibliografica/artigo  ana-requests (Leitor ana-requests): Bibliotecas e leitura`,
      `${survey.codigo}  2031-05-10 12:01  aguardando  levantamento-bibliografico  ana-requests (Leitor ana-requests): Leitura na infância`,
    ]);
    expect(await requests('list', '--type', 'levantamento-bibliografico')).toBe(0);
    expect(out).toHaveLength(1);

    clock.advance(3600);
    expect(
      await requests('move', String(article.codigo), 'em_atendimento', '--note', 'Pedido ao IBICT'),
    ).toBe(0);
    expect(out).toEqual([
      `Request ${article.codigo} moved from aguardando to em_atendimento by staff:desk: "Bibliotecas e leitura".`,
    ]);
    const file = join(dir, 'artigo.pdf');
    await writeFile(file, '%PDF-1.4 artigo');
    expect(
      await requests(
        'move',
        String(article.codigo),
        'atendida',
        '--answer',
        'Segue o artigo.',
        '--file',
        file,
        '--by',
        'lucia',
      ),
    ).toBe(0);
    expect(await requests('list', '--status', 'atendida')).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(new RegExp(`^${article.codigo} .* atendida `));

    expect(await requests('show', String(article.codigo))).toBe(0);
    expect(out).toEqual([
      `Request ${article.codigo}: comutacao-bibliografica/artigo, atendida`,
      'Patron: ana-requests (Leitor ana-requests)',
      `Library: Biblioteca Central ${library.code}`,
      'Sent: 2031-05-10 12:00',
      // In the order PostgreSQL keeps a jsonb object's keys (shortest first).
      '  ano: 2020',
      '  email: ana@exemplo.org',
      '  titulo: Bibliotecas e leitura',
      'History:',
      '  2031-05-10 12:00  aguardando',
      '  2031-05-10 13:01  em_atendimento by staff:desk: Pedido ao IBICT',
      '  2031-05-10 13:01  atendida by lucia',
      'Answer: Segue o artigo.',
      'Answer file: artigo.pdf (application/pdf)',
    ]);
    const stored = await db.query<{ answer_file: Uint8Array }>(
      'SELECT answer_file FROM library_request WHERE id = $1',
      [article.codigo],
    );
    expect(Buffer.from(stored.rows[0]!.answer_file).toString()).toBe('%PDF-1.4 artigo');
    // The patron was told of each move by e-mail.
    const received = [await mail.smtp.nextMessage(), await mail.smtp.nextMessage()];
    expect(received.map((m) => m.envelope.to)).toEqual([[ana.email], [ana.email]]);
  });

  it('says why nothing moved: unknown id, closed request, unreadable file, bad usage', async () => {
    const library = await makeLibrary(db);
    const ana = await makePatron(db);
    const request = await createLibraryRequest(db, clock, {
      patronId: ana.id,
      type: 'pesquisa-especializada',
      libraryId: library.id,
      fields: { assunto: 'Indicadores' },
    });
    expect(await requests('move', '999999', 'atendida')).toBe(1);
    expect(err).toEqual(['estante requests: there is no request with this id.']);
    expect(await requests('show', '999999')).toBe(1);
    expect(
      await requests('move', String(request.codigo), 'atendida', '--file', join(dir, 'missing.pdf')),
    ).toBe(1);
    expect(err[0]).toMatch(/cannot read the file/);
    expect(await requests('move', String(request.codigo), 'nao_atendida')).toBe(1);
    expect(err[0]).toMatch(/needs the reason/);
    expect(await requests('move', String(request.codigo), 'cancelada', '--note', 'Duplicado')).toBe(0);
    expect(await requests('move', String(request.codigo), 'atendida')).toBe(1);
    expect(err).toEqual([
      'estante requests: this request is closed (answered, not answered or cancelled) and does not move again.',
    ]);
    for (const args of [
      [],
      ['move'],
      ['move', 'x', 'atendida'],
      ['move', '1', 'fechada'],
      ['move', '1'],
      ['show', '1', '2'],
      ['list', '--type', 'livro'],
      ['list', '--status', 'aberta'],
      ['purge'],
      ['list', '--wat'],
    ]) {
      expect(await requests(...args), args.join(' ')).toBe(2);
      expect(err[0]).toMatch(/^usage:/);
    }
  });
});
