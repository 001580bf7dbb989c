import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { startTestMail } from '../../testing/smtp-server.ts';
import { testClock } from '../identity/testing.ts';
import { makePatron } from '../circulation/testing.ts';
import { insertSuggestion } from '../institution/repository.ts';
import { runSuggestionsCommand } from './cli.ts';

// `estante suggestions …`: the acquisition librarian's moves by command until the staff screens exist.

describe('estante suggestions', () => {
  let db: Db;
  let mail: Awaited<ReturnType<typeof startTestMail>>;
  let clock: ReturnType<typeof testClock>;
  let out: string[];
  let err: string[];
  let patron: Awaited<ReturnType<typeof makePatron>>;
  let library: { id: number; campus_id: number; name: string };
  const suggestions = (...args: string[]) => {
    out = [];
    err = [];
    return runSuggestionsCommand(
      db,
      args,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { clock, actor: 'staff:desk', mailer: mail.mailer },
    );
  };
  const suggestion = async (title: string) =>
    (
      await insertSuggestion(db, {
        patronId: patron.id,
        campusId: library.campus_id,
        libraryId: library.id,
        author: null,
        title,
        edition: null,
        publisher: 'Record',
        isbnIssn: null,
        matchKey: null,
        isPeriodical: false,
        otherInfo: null,
        createdAt: clock.now(),
      })
    ).id;
  const stored = async (id: number) =>
    (
      await db.query<{
        status: string;
        item_count: number | null;
        quoted_on: string | null;
        expected_on: string | null;
        is_foreign: boolean;
      }>(
        `SELECT status, item_count, quoted_on::text AS quoted_on, expected_on::text AS expected_on, is_foreign
           FROM purchase_suggestion WHERE id = $1`,
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    mail = await startTestMail();
  });
  afterAll(() => mail.close());
  beforeEach(async () => {
    mail.smtp.clear();
    db = await createTestDb();
    clock = testClock(new Date('2031-05-10T12:00:00Z'));
    patron = await makePatron(db);
    library = (
      await db.query<{ id: number; campus_id: number; name: string }>(
        'SELECT id, campus_id, name FROM library LIMIT 1',
      )
    ).rows[0]!;
  });
  afterEach(() => db.close());

  it('lists suggestions by status and moves one, writing its history and e-mailing the suggester', async () => {
    const first = await suggestion('Vidas secas');
    const second = await suggestion('Angústia');
    expect(await suggestions('list', '--status', 'em-cotacao')).toBe(0);
    expect(out).toEqual(['No suggestions.']);
    expect(await suggestions('list')).toBe(0);
    expect(out).toEqual([
      `${first}  2031-05-10  pre-sugestao  "Vidas secas" (Record) by Leitor ${patron.login}, ${library.name}`,
      expect.stringMatching(new RegExp(`^${second}  2031-05-10  pre-sugestao  "Angústia"`)),
    ]);

    expect(await suggestions('move', String(first), 'sugestao-compra', '--note', 'Aprovada')).toBe(0);
    expect(out).toEqual([`Suggestion ${first} "Vidas secas": pre-sugestao → sugestao-compra.`]);
    expect(
      (
        await db.query(
          'SELECT status, note, staff FROM purchase_suggestion_event WHERE suggestion_id = $1 ORDER BY id',
          [first],
        )
      ).rows,
    ).toEqual([
      { status: 'pre-sugestao', note: null, staff: null },
      { status: 'sugestao-compra', note: 'Aprovada', staff: 'staff:desk' },
    ]);
    const message = await mail.smtp.nextMessage();
    expect(message.envelope.to).toEqual([patron.email]);
    expect(message.text).toContain('"Vidas secas" mudou de situação: Sugestão de compra.');

    expect(await suggestions('list', '--status', 'sugestao-compra')).toBe(0);
    expect(out).toHaveLength(1);
  });

  it('refuses a move the statuses do not allow, an unknown status or suggestion, with a clear message', async () => {
    const id = await suggestion('Vidas secas');
    expect(await suggestions('move', String(id), 'atendida')).toBe(1);
    expect(err).toEqual([
      `estante suggestions: suggestion ${id} is pre-sugestao; it can move to sugestao-compra, duplicada, ja-existe, nao-atendida, cancelada.`,
    ]);
    expect(await suggestions('move', String(id), 'comprada')).toBe(2);
    expect(err[0]).toContain('unknown status "comprada"');
    expect(await suggestions('move', '999999', 'cancelada')).toBe(1);
    expect(err).toEqual(['estante suggestions: there is no suggestion 999999.']);
    expect((await stored(id))!.status).toBe('pre-sugestao');
    expect(mail.smtp.messages).toEqual([]);
  });

  it('records a quote and moves the suggestion into quote; refuses a quote without its day', async () => {
    const id = await suggestion('Vidas secas');
    expect(await suggestions('quote', String(id), '--items', '2')).toBe(2);
    expect(await suggestions('move', String(id), 'sugestao-compra')).toBe(0);
    expect(
      await suggestions(
        'quote',
        String(id),
        '--date',
        '2031-05-11',
        '--items',
        '2',
        '--expected',
        '2031-06-01',
        '--foreign',
      ),
    ).toBe(0);
    expect(out).toEqual([`Suggestion ${id} "Vidas secas" quoted on 2031-05-11: em-cotacao.`]);
    expect(await stored(id)).toEqual({
      status: 'em-cotacao',
      item_count: 2,
      quoted_on: '2031-05-11',
      expected_on: '2031-06-01',
      is_foreign: true,
    });
  });

  it('says which title a suggestion became, once, and refuses an unknown title', async () => {
    const id = await suggestion('Vidas secas');
    const title = (
      await db.query<{ id: number; title: string }>('SELECT id, title FROM title ORDER BY id LIMIT 1')
    ).rows[0]!;
    expect(await suggestions('catalogued', String(id), '2147483')).toBe(1);
    expect(err).toEqual(['estante suggestions: there is no title 2147483.']);
    expect(await suggestions('catalogued', String(id), String(title.id))).toBe(0);
    expect(out).toEqual([
      `Suggestion ${id} catalogued as title ${title.id} "${title.title}"; its suggester was told.`,
    ]);
    expect((await mail.smtp.nextMessage()).text).toContain(`"${title.title}", já está no acervo`);
    expect(await suggestions('catalogued', String(id), String(title.id))).toBe(1);
    expect(err[0]).toContain('already catalogued');
  });

  it('opens a purchase order with suggestions, moves it through its states and lists it', async () => {
    const first = await suggestion('Vidas secas');
    const second = await suggestion('Angústia');
    expect(await suggestions('order', 'create', String(first), '999999')).toBe(1);
    expect(err).toEqual(['estante suggestions: there is no suggestion 999999.']);
    expect(
      await suggestions('order', 'create', String(first), String(second), '--supplier', 'Livraria'),
    ).toBe(0);
    const orderId = Number(/Purchase order (\d+) opened/.exec(out[0]!)![1]);
    expect(await suggestions('order', 'move', String(orderId), 'recebido')).toBe(1);
    expect(err[0]).toContain('it can move to enviado, cancelado');
    expect(await suggestions('order', 'move', String(orderId), 'enviado')).toBe(0);
    expect(out).toEqual([`Purchase order ${orderId}: aberto → enviado.`]);
    expect(await suggestions('order', 'list')).toBe(0);
    expect(out).toEqual([`${orderId}  enviado  Livraria  suggestions ${first}, ${second}`]);
    expect(await suggestions('order', 'move', String(orderId), 'pago')).toBe(2);
    // The command's changes are in the staff audit log under the operator's name; refusals are not.
    const { rows } = await db.query<{ actor_id: number | null; actor_login: string; action: string }>(
      `SELECT actor_id, actor_login, action FROM staff_action
        WHERE target_kind = 'purchaseOrder' AND target_id = $1 ORDER BY id`,
      [String(orderId)],
    );
    expect(rows).toEqual([
      { actor_id: null, actor_login: 'staff:desk', action: 'order.create' },
      { actor_id: null, actor_login: 'staff:desk', action: 'order.move' },
    ]);
  });
});
