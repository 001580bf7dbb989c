import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { testClock } from '../identity/testing.ts';
import { runCatalogueSheetCommand } from './cli.ts';
import { insertSheet } from './repository.ts';

// `estante requests sheet ID …`: the librarian's side of the catalogue sheet until the staff screens exist.

describe('estante requests sheet', () => {
  let db: Db;
  let out: string[];
  let err: string[];
  let id: number;
  const clock = testClock(new Date('2031-05-10T12:00:00Z'));
  const sheet = (...args: string[]) => {
    out = [];
    err = [];
    return runCatalogueSheetCommand(
      db,
      args,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { clock, actor: 'staff:cli' },
    );
  };
  const stored = async () =>
    (
      await db.query<{ status: string; library_data: unknown; has_file: boolean }>(
        'SELECT status, library_data, answer_file IS NOT NULL AS has_file FROM library_request WHERE id = $1',
        [id],
      )
    ).rows[0];

  beforeEach(async () => {
    db = await createTestDb();
    const patronId = (await db.query<{ id: number }>(`SELECT id FROM patron WHERE login = 'ana'`)).rows[0]!
      .id;
    id = await db.transaction((tx) =>
      insertSheet(tx, {
        patronId,
        at: clock.now(),
        fields: {
          autor_sobrenome: 'Lima',
          autor_prenomes: 'Bruno',
          titulo: 'Acervos digitais',
          orientador_sobrenome: 'Ribeiro',
          orientador_prenomes: 'Carla',
          tipo_trabalho: 'doutorado',
          programa: 'Programa de Pós-Graduação em História',
          instituicao: 'Universidade Estadual',
          cidade: 'Curitiba',
          ano: 2031,
          total_folhas: 300,
          ilustracoes: 'nao',
          palavras_chave: ['Arquivos'],
          email: 'bruno@demo.estante.example',
        },
      }),
    );
  });
  afterEach(() => db.close());

  it('shows the card, keeps the librarian’s data, and issues only with classification and Cutter', async () => {
    expect(await sheet(String(id))).toBe(0);
    expect(out[0]).toBe(`Catalogue sheet request ${id} (aguardando)`);
    expect(out).toContain('  LIMA, Bruno');
    expect(out).toContain(
      '  Tese (Doutorado) – Universidade Estadual, Programa de Pós-Graduação em História, 2031.',
    );

    expect(await sheet(String(id), '--classification', 'CDD 027.7', '--issue')).toBe(1);
    expect(err).toEqual([
      'estante requests: the final sheet needs the classification and the Cutter number (--classification, --cutter).',
    ]);
    // The refused issue rolled back the classification with it.
    expect(await stored()).toMatchObject({ status: 'aguardando', library_data: {}, has_file: false });

    expect(
      await sheet(
        String(id),
        '--classification',
        'CDD 027.7',
        '--subjects',
        'Arquivos digitais; ;Preservação',
      ),
    ).toBe(0);
    expect(await stored()).toMatchObject({
      status: 'aguardando',
      library_data: {
        classificacao: 'CDD 027.7',
        cutter: null,
        assuntos: ['Arquivos digitais', 'Preservação'],
      },
    });
    expect(await sheet(String(id), '--cutter', 'L732a', '--issue', '--by', 'staff:marta')).toBe(0);
    expect(out[0]).toBe(`Catalogue sheet request ${id} (atendida): final sheet issued`);
    expect(out).toContain('  1. Arquivos digitais. 2. Preservação. I. Ribeiro, Carla. II. Título.');
    expect(await stored()).toMatchObject({ status: 'atendida', has_file: true });
    const events = await db.query(
      'SELECT status, staff FROM library_request_event WHERE request_id = $1 ORDER BY id',
      [id],
    );
    expect(events.rows.at(-1)).toEqual({ status: 'atendida', staff: 'staff:marta' });
  });

  it('refuses an unknown request, another type of request, and bad arguments', async () => {
    expect(await sheet(String(id + 999))).toBe(1);
    expect(err[0]).toMatch(/no catalogue sheet request/);
    const other = await db.query<{ id: number }>(
      `INSERT INTO library_request (patron_id, type, created_at, updated_at)
       SELECT patron_id, 'levantamento-bibliografico', now(), now() FROM library_request WHERE id = $1 RETURNING id`,
      [id],
    );
    expect(await sheet(String(other.rows[0]!.id), '--cutter', 'X')).toBe(1);
    expect(await sheet()).toBe(2);
    expect(await sheet('abc')).toBe(2);
    expect(await sheet(String(id), '--colour', 'red')).toBe(2);
    expect(err.join('\n')).toContain('estante requests sheet ID');
  });
});
