/**
 * What the engine keeps for a patron outside loans and holds: the self-service loan token, the
 * no-debts declaration (which unlinks the patron, ending what they had open), and their settings —
 * automatic renewal, the loan history's privacy choice, the declaration allowed or not.
 */
import { createHash, randomInt } from 'node:crypto';
import { CIRCULATION_ERROR, type CirculationRefusal } from '@estante/contract';
import type { Queryable } from '../../../../lib/db/index.ts';
import { refusal } from '../../errors.ts';
import type { Day } from '../rules.ts';
import {
  anonymiseReturnedLoans,
  countOpenLoans,
  findCopy,
  lockTitle,
  patronStanding,
  type PatronRecord,
} from '../repository.ts';
import { requirePatron, type Actor, type EngineContext } from './context.ts';
import { endHold } from './holds.ts';
import { placeCopy } from './settle.ts';

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The patron operations of the engine. */
export function createPatronOperations(context: EngineContext) {
  const { run } = context;

  return {
    /** A new self-service loan token for the patron (replacing any other), valid for `minutes`. */
    async issueToken(
      patronId: number,
      minutes: number,
      actor: Actor,
    ): Promise<{ token: string; expiresAt: Date }> {
      return run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        const token = Array.from({ length: 8 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join(
          '',
        );
        const expiresAt = new Date(ctx.now.getTime() + minutes * 60_000);
        await ctx.tx.query(
          `INSERT INTO loan_token (patron_id, token, created_at, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (patron_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at, expires_at = excluded.expires_at`,
          [patronId, token, ctx.now.toISOString(), expiresAt.toISOString()],
        );
        await ctx.log({ action: 'token.issue', patronId, details: { expiresAt: expiresAt.toISOString() } });
        return { token, expiresAt };
      });
    },

    /**
     * Issues the no-debts declaration (SPEC §4) when the patron has no loans and owes nothing:
     * builds its PDF, stores it, cancels open holds and requests, and unlinks the patron. A second
     * call answers the declaration already issued.
     */
    async issueNoDebtsDeclaration(
      patronId: number,
      build: (data: { patron: PatronRecord; code: string; issuedAt: Date; today: Day }) => Promise<Buffer>,
      actor: Actor,
    ): Promise<{ code: string; issuedAt: Date; pdf: Buffer }> {
      return run(actor, async (ctx) => {
        const patron = await requirePatron(ctx, patronId);
        const existing = await issuedDeclaration(ctx.tx, patronId);
        if (existing) return existing;
        const blocked = await noDebtsRefusal(ctx.tx, patron, ctx.today);
        if (blocked) throw refusal(blocked);
        const code = Array.from({ length: 12 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join(
          '',
        );
        const pdf = await build({ patron, code, issuedAt: ctx.now, today: ctx.today });
        await ctx.tx.query(
          `INSERT INTO no_debts_declaration (patron_id, verification_code, issued_at, pdf, pdf_sha256) VALUES ($1, $2, $3, $4, $5)`,
          [patronId, code, ctx.now.toISOString(), pdf, createHash('sha256').update(pdf).digest('hex')],
        );
        // SPEC §4: generating it removes the user from the library; what they still had open ends.
        const { rows: holds } = await ctx.tx.query<{ id: number; titleId: number }>(
          `SELECT id, title_id AS "titleId" FROM hold WHERE patron_id = $1 AND status IN ('fila', 'liberada') ORDER BY title_id`,
          [patronId],
        );
        const { rows: requests } = await ctx.tx.query<{ id: number; titleId: number; copyId: number }>(
          `SELECT id, title_id AS "titleId", copy_id AS "copyId" FROM loan_request
            WHERE patron_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel') ORDER BY title_id`,
          [patronId],
        );
        for (const titleId of [...new Set([...holds, ...requests].map((h) => h.titleId))].sort(
          (a, b) => a - b,
        )) {
          await lockTitle(ctx.tx, titleId);
        }
        for (const hold of holds) await endHold(ctx, hold.id, 'desvinculado');
        for (const request of requests) {
          await ctx.tx.query(
            `UPDATE loan_request SET status = 'nao_finalizada', ended_at = $2, updated_at = $2, observation = 'Leitor desvinculado' WHERE id = $1`,
            [request.id, ctx.now.toISOString()],
          );
          const copy = await findCopy(ctx.tx, request.copyId);
          if (copy) await placeCopy(ctx, copy);
        }
        await ctx.tx.query('UPDATE patron SET unlinked_at = $2 WHERE id = $1', [
          patronId,
          ctx.now.toISOString(),
        ]);
        await ctx.tx.query('DELETE FROM loan_token WHERE patron_id = $1', [patronId]);
        await ctx.log({
          action: 'patron.no-debts-declaration',
          patronId,
          details: { verificationCode: code },
        });
        return { code, issuedAt: ctx.now, pdf };
      });
    },

    /** Turns automatic renewal on or off for a patron. */
    async setAutoRenew(patronId: number, on: boolean, actor: Actor): Promise<void> {
      await run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        await ctx.tx.query('UPDATE patron SET auto_renew = $2 WHERE id = $1', [patronId, on]);
        await ctx.log({ action: 'patron.auto-renew', patronId, details: { on } });
      });
    },

    /**
     * The patron's loan-history choice (decision 0045): kept, or each loan anonymised at return.
     * Under the patron's lock, so a return running at the same time sees one choice or the other.
     */
    async setKeepsLoanHistory(patronId: number, keeps: boolean, actor: Actor): Promise<void> {
      await run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        await ctx.tx.query('UPDATE patron SET keeps_loan_history = $2 WHERE id = $1', [patronId, keeps]);
        await ctx.log({ action: 'patron.loan-history', patronId, details: { keeps } });
      });
    },

    /** Anonymises every returned loan of the patron now; open loans stay theirs. Answers how many. */
    async anonymiseLoanHistory(patronId: number, actor: Actor): Promise<number> {
      return run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        const count = await anonymiseReturnedLoans(ctx.tx, patronId, 'all');
        await ctx.log({ action: 'patron.loan-history-anonymised', patronId, details: { loans: count } });
        return count;
      });
    },

    /** Allows or forbids the no-debts declaration for a patron (SPEC §4 "may be disabled per user"). */
    async setNoDebtsDeclaration(patronId: number, enabled: boolean, actor: Actor): Promise<void> {
      await run(actor, async (ctx) => {
        await requirePatron(ctx, patronId);
        await ctx.tx.query('UPDATE patron SET no_debts_declaration_enabled = $2 WHERE id = $1', [
          patronId,
          enabled,
        ]);
        await ctx.log({ action: 'patron.no-debts-setting', patronId, details: { enabled } });
      });
    },
  };
}

/** The declaration a patron already has, if any. */
export async function issuedDeclaration(
  db: Queryable,
  patronId: number,
): Promise<{ code: string; issuedAt: Date; pdf: Buffer } | null> {
  const { rows } = await db.query<{ code: string; issued_at: Date; pdf: Uint8Array }>(
    'SELECT verification_code AS code, issued_at, pdf FROM no_debts_declaration WHERE patron_id = $1',
    [patronId],
  );
  const row = rows[0];
  return row ? { code: row.code, issuedAt: new Date(row.issued_at), pdf: Buffer.from(row.pdf) } : null;
}

/** Why the no-debts declaration is refused now (SPEC §4), or null: disabled for the patron, loans, debts. */
export async function noDebtsRefusal(
  db: Queryable,
  patron: PatronRecord,
  today: Day,
): Promise<CirculationRefusal | null> {
  if (!patron.noDebtsDeclarationEnabled) return CIRCULATION_ERROR.NO_DEBTS_DISABLED;
  if ((await countOpenLoans(db, patron.id)) > 0) return CIRCULATION_ERROR.NO_DEBTS_HAS_LOANS;
  if ((await patronStanding(db, patron.id, today)).debtCents > 0) return CIRCULATION_ERROR.NO_DEBTS_HAS_DEBTS;
  return null;
}
