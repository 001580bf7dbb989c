/**
 * Circulation state loaded from another system (or the demo): loans, released holds and copies
 * in quarantine written without the rules' checks, keeping the invariants (one holder per copy).
 */
import { DeskRefusal } from '../../errors.ts';
import { libraryDay, type Day } from '../rules.ts';
import { findCopy, lockTitle, setCopyStatus } from '../repository.ts';
import { requirePatron, type Actor, type EngineContext } from './context.ts';
import { insertLoan } from './loans.ts';

/** Circulation state loaded from another system (or the demo): bypasses the rules, keeps the invariants. */
export type ImportedState =
  | { kind: 'loan'; patronId: number; copyId: number; loanedAt: Date; dueOn: Day; renewals?: number }
  | { kind: 'released-hold'; patronId: number; copyId: number; placedAt: Date; releasedOn: Day }
  | {
      kind: 'quarantine';
      patronId: number;
      copyId: number;
      loanedAt: Date;
      returnedAt: Date;
      quarantineUntil: Day;
    };

/** The import operation of the engine. */
export function createImportOperations(context: EngineContext) {
  const { db, timeZone, run } = context;

  return {
    /** Loads circulation state from another system (or the demo) without the rules' checks. */
    async importState(state: ImportedState, actor: Actor = 'import'): Promise<void> {
      const found = await findCopy(db, state.copyId);
      if (!found) throw new DeskRefusal('COPY_NOT_FOUND');
      await run(actor, async (ctx) => {
        await requirePatron(ctx, state.patronId);
        await lockTitle(ctx.tx, found.titleId);
        const busy = await ctx.tx.query(
          `SELECT 1 FROM loan WHERE copy_id = $1 AND returned_at IS NULL
           UNION ALL SELECT 1 FROM hold WHERE copy_id = $1 AND status = 'liberada'
           UNION ALL SELECT 1 FROM loan_request WHERE copy_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel')`,
          [found.id],
        );
        if (busy.rows.length > 0) throw new DeskRefusal('COPY_NOT_FREE');
        if (state.kind === 'loan') {
          const loanId = await insertLoan(ctx, {
            copy: found,
            patronId: state.patronId,
            loanedAt: state.loanedAt,
            dueOn: state.dueOn,
            renewals: state.renewals ?? 0,
            channel: 'importacao',
          });
          await ctx.log({
            action: 'import.loan',
            patronId: state.patronId,
            titleId: found.titleId,
            copyId: found.id,
            loanId,
            details: { dueOn: state.dueOn },
          });
        } else if (state.kind === 'released-hold') {
          const { rows } = await ctx.tx.query<{ id: number }>(
            `INSERT INTO hold (patron_id, title_id, library_id, volume, tome, part, additional_material, location, status,
                               placed_at, copy_id, released_at, pickup_deadline)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'liberada', $9, $10, $9, $11::date) RETURNING id`,
            [
              state.patronId,
              found.titleId,
              found.libraryId,
              found.volume,
              found.tome,
              found.part,
              found.additionalMaterial,
              found.location,
              state.placedAt.toISOString(),
              found.id,
              state.releasedOn,
            ],
          );
          await setCopyStatus(ctx.tx, found.id, 'reservado', null);
          await ctx.log({
            action: 'import.hold',
            patronId: state.patronId,
            titleId: found.titleId,
            copyId: found.id,
            holdId: rows[0]!.id,
          });
        } else {
          const { rows } = await ctx.tx.query<{ id: number }>(
            `INSERT INTO loan (copy_id, patron_id, loaned_at, due_on, returned_at, loan_type, library_id, channel, quarantine_until)
             VALUES ($1, $2, $3, $4::date, $5, $6, $7, 'importacao', $8::date) RETURNING id`,
            [
              found.id,
              state.patronId,
              state.loanedAt.toISOString(),
              libraryDay(state.returnedAt, timeZone),
              state.returnedAt.toISOString(),
              found.loanType,
              found.libraryId,
              state.quarantineUntil,
            ],
          );
          await setCopyStatus(ctx.tx, found.id, 'quarentena', null);
          await ctx.log({
            action: 'import.quarantine',
            patronId: state.patronId,
            titleId: found.titleId,
            copyId: found.id,
            loanId: rows[0]!.id,
          });
        }
      });
    },
  };
}
