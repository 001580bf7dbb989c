import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/index.ts';
import { createTestDb } from '../../testing/build-test-app.ts';
import { testClock } from '../identity/testing.ts';
import { runCommentsCommand } from './cli.ts';
import { insertComment } from './repository.ts';

// `estante comments pending|approve|refuse`: moderation by command until the staff screens exist.

describe('estante comments', () => {
  let db: Db;
  let clock: ReturnType<typeof testClock>;
  let out: string[];
  let err: string[];
  let title: { id: number; title: string };
  let patronId: number;
  const comments = (...args: string[]) => {
    out = [];
    err = [];
    return runCommentsCommand(
      db,
      args,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      { clock, actor: 'staff:desk' },
    );
  };
  const stored = async (id: number) =>
    (
      await db.query<{
        status: string;
        decided_by: string | null;
        decided_at: Date | null;
        refusal_reason: string | null;
      }>('SELECT status, decided_by, decided_at, refusal_reason FROM title_comment WHERE id = $1', [id])
    ).rows[0];

  beforeEach(async () => {
    db = await createTestDb();
    clock = testClock(new Date('2031-05-10T12:00:00Z'));
    title = (await db.query<{ id: number; title: string }>('SELECT id, title FROM title ORDER BY id LIMIT 1'))
      .rows[0]!;
    patronId = (await db.query<{ id: number }>(`SELECT id FROM patron WHERE login = 'ana'`)).rows[0]!.id;
  });
  afterEach(() => db.close());

  it('lists the comments awaiting approval, oldest first, then approves and refuses with who and when', async () => {
    expect(await comments('pending')).toBe(0);
    expect(out).toEqual(['No comments await approval.']);
    const first = await insertComment(db, {
      titleId: title.id,
      patronId,
      content: 'Muito bom,\nrecomendo.',
      createdAt: new Date('2031-05-09T08:30:00Z'),
    });
    const second = await insertComment(db, {
      titleId: title.id,
      patronId,
      content: 'Propaganda',
      createdAt: new Date('2031-05-10T09:00:00Z'),
    });
    expect(await comments('pending')).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(
      new RegExp(`^${first}  2031-05-09 08:30  .+ on ${title.id} ".+": Muito bom, recomendo\\.$`),
    );
    expect(out[1]).toMatch(new RegExp(`^${second}  2031-05-10 09:00 `));

    expect(await comments('approve', String(first))).toBe(0);
    expect(out).toEqual([`Comment ${first} approved by staff:desk: it shows on "${title.title}".`]);
    expect(await stored(first)).toEqual({
      status: 'approved',
      decided_by: 'staff:desk',
      decided_at: new Date('2031-05-10T12:00:00Z'),
      refusal_reason: null,
    });

    clock.advance(60);
    expect(
      await comments('refuse', String(second), '--reason', 'Propaganda não é comentário', '--by', 'lucia'),
    ).toBe(0);
    expect(out).toEqual([`Comment ${second} refused by lucia: Propaganda não é comentário`]);
    expect(await stored(second)).toMatchObject({
      status: 'refused',
      decided_by: 'lucia',
      refusal_reason: 'Propaganda não é comentário',
    });

    expect(await comments('pending')).toBe(0);
    expect(out).toEqual(['No comments await approval.']);
  });

  it('says why nothing was decided: unknown id, already decided, refusal without a reason, bad usage', async () => {
    const id = await insertComment(db, {
      titleId: title.id,
      patronId,
      content: 'Oi',
      createdAt: clock.now(),
    });
    expect(await comments('refuse', String(id))).toBe(1);
    expect(err).toEqual(['estante comments: a refusal needs a reason (--reason "…").']);
    expect(await comments('approve', '999999')).toBe(1);
    expect(err).toEqual(['estante comments: there is no comment with this id.']);
    expect(await comments('approve', String(id))).toBe(0);
    expect(await comments('refuse', String(id), '--reason', 'Tarde demais')).toBe(1);
    expect(err).toEqual(['estante comments: this comment was already approved or refused.']);
    expect((await stored(id))!.status).toBe('approved');
    for (const args of [
      [],
      ['approve'],
      ['approve', 'x'],
      ['approve', '1', '2'],
      ['pending', '--limit', '0'],
      ['purge'],
      ['approve', '1', '--wat'],
    ]) {
      expect(await comments(...args)).toBe(2);
      expect(err[0]).toMatch(/^usage:/);
    }
  });
});
