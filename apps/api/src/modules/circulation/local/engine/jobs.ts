/**
 * The engine's timed jobs: the sweep (what time has done to every title that needs it), automatic
 * renewal with its e-mail, and the due and overdue alerts.
 */
import { CIRCULATION_MAIL_TEXTS, formatDay, translate } from '../../mail-texts.ts';
import { addDays, type Day } from '../rules.ts';
import { findPatron, lockTitle } from '../repository.ts';
import { alert, type Actor, type EngineContext } from './context.ts';
import type { createRenewalOperations, RenewOutcome } from './renewals.ts';
import { settleTitle, type SweepResult } from './settle.ts';

/** One patron's automatic renewal. */
export interface AutoRenewReport {
  patronId: number;
  outcomes: (RenewOutcome & { title: string; previousDueOn: Day })[];
  mailed: boolean;
}

/** The timed jobs of the engine; automatic renewal renews through the engine's renewal. */
export function createJobOperations(
  context: EngineContext,
  engine: Pick<ReturnType<typeof createRenewalOperations>, 'renew'>,
) {
  const { db, mailer, onMailError, today, run } = context;

  return {
    /** Applies what time has done to every title that needs it (late loans, quarantine, expired pickups). */
    async sweep(actor: Actor = 'job:sweep'): Promise<SweepResult> {
      const day = today();
      const { rows } = await db.query<{ title_id: number }>(
        `SELECT c.title_id FROM copy c JOIN loan ln ON ln.copy_id = c.id AND ln.returned_at IS NULL
          WHERE (ln.due_on < $1::date AND c.status <> 'atrasado') OR (ln.due_on >= $1::date AND c.status <> 'emprestado')
         UNION
         SELECT c.title_id FROM copy c WHERE c.status = 'quarentena'
            AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id
                             AND (ln.returned_at IS NULL OR ln.quarantine_until >= $1::date))
         UNION
         SELECT title_id FROM hold WHERE status = 'liberada' AND pickup_deadline < $1::date
         UNION
         SELECT title_id FROM loan_request WHERE status = 'disponivel' AND pickup_deadline < $1::date
         ORDER BY 1`,
        [day],
      );
      const total: SweepResult = {
        titles: rows.length,
        late: 0,
        quarantineEnded: 0,
        holdsExpired: 0,
        requestsExpired: 0,
        holdsReleased: 0,
      };
      for (const { title_id } of rows) {
        const one = await run(actor, async (ctx) => {
          await lockTitle(ctx.tx, title_id);
          return settleTitle(ctx, title_id);
        });
        total.late += one.late;
        total.quarantineEnded += one.quarantineEnded;
        total.holdsExpired += one.holdsExpired;
        total.requestsExpired += one.requestsExpired;
        total.holdsReleased += one.holdsReleased;
      }
      return total;
    },

    /**
     * Automatic renewal (beyond the spec): renews every loan due today of patrons who keep it on,
     * as far as the rules allow, and tells each patron what was and was not renewed.
     */
    async autoRenew(actor: Actor = 'job:auto-renew'): Promise<AutoRenewReport[]> {
      const day = today();
      const { rows } = await db.query<{ patron_id: number; loan_id: number; title: string; due_on: string }>(
        `SELECT ln.patron_id, ln.id AS loan_id, t.title, ln.due_on::text AS due_on
           FROM loan ln JOIN patron p ON p.id = ln.patron_id JOIN copy c ON c.id = ln.copy_id JOIN title t ON t.id = c.title_id
          WHERE ln.returned_at IS NULL AND ln.due_on = $1::date AND p.auto_renew
          ORDER BY ln.patron_id, ln.id`,
        [day],
      );
      const byPatron = new Map<number, typeof rows>();
      for (const row of rows) byPatron.set(row.patron_id, [...(byPatron.get(row.patron_id) ?? []), row]);
      const reports: AutoRenewReport[] = [];
      for (const [patronId, loans] of byPatron) {
        const outcomes = await engine.renew(
          patronId,
          loans.map((l) => l.loan_id),
          actor,
          undefined,
          { alerts: true },
        );
        const detailed = outcomes.map((o) => {
          const loan = loans.find((l) => l.loan_id === o.loanId)!;
          return { ...o, title: loan.title, previousDueOn: loan.due_on };
        });
        const patron = await findPatron(db, patronId);
        let mailed = false;
        if (patron?.email && patron.receivesEmail && mailer) {
          const texts = CIRCULATION_MAIL_TEXTS[patron.mailLanguage];
          const renewed = detailed.filter((o) => o.renewed);
          const refused = detailed.filter((o) => !o.renewed);
          const lines = [texts.autoRenewIntro(patron.name), ''];
          if (renewed.length > 0) {
            lines.push(
              texts.autoRenewRenewed,
              ...renewed.map((o) => texts.autoRenewLine(o.title, formatDay(o.dueOn!, patron.mailLanguage))),
              '',
            );
          }
          if (refused.length > 0) {
            lines.push(
              texts.autoRenewRefused,
              ...refused.map((o) =>
                texts.autoRenewRefusedLine(
                  o.title,
                  formatDay(o.previousDueOn, patron.mailLanguage),
                  translate(o.refusal!.key, patron.mailLanguage),
                ),
              ),
              '',
            );
          }
          lines.push(texts.autoRenewOff);
          try {
            await mailer.send({ to: patron.email, subject: texts.autoRenewSubject, text: lines.join('\n') });
            mailed = true;
          } catch (error) {
            onMailError?.(error);
          }
        }
        reports.push({ patronId, outcomes: detailed, mailed });
      }
      return reports;
    },

    /**
     * Alerts (decision 0044) for open loans due within `daysBefore` library days and for late ones:
     * once per loan and due day, so running it every sweep never repeats an alert, and a renewed
     * loan is alerted again for its new due day.
     */
    async alertDueLoans(daysBefore: number, actor: Actor = 'job:due-alerts'): Promise<{ alerts: number }> {
      const day = today();
      const { rows } = await db.query<{
        patron_id: number;
        loan_id: number;
        title_id: number;
        title: string;
        due_on: string;
      }>(
        `SELECT ln.patron_id, ln.id AS loan_id, t.id AS title_id, t.title, ln.due_on::text AS due_on
           FROM loan ln JOIN copy c ON c.id = ln.copy_id JOIN title t ON t.id = c.title_id
          WHERE ln.returned_at IS NULL AND ln.due_on <= $1::date
            AND NOT EXISTS (SELECT 1 FROM alert a WHERE a.patron_id = ln.patron_id AND a.once_key =
                  CASE WHEN ln.due_on < $2::date THEN 'loanOverdue:' ELSE 'loanDueSoon:' END || ln.id || ':' || ln.due_on::text)
          ORDER BY ln.patron_id, ln.id`,
        [addDays(day, daysBefore), day],
      );
      let alerts = 0;
      for (const row of rows) {
        await run(actor, async (ctx) => {
          const kind = row.due_on < ctx.today ? 'loanOverdue' : 'loanDueSoon';
          const written = await alert(ctx, {
            patronId: row.patron_id,
            kind,
            params: { title: row.title, titleId: row.title_id, dueOn: row.due_on },
            onceKey: `${kind}:${row.loan_id}:${row.due_on}`,
          });
          if (written) alerts++;
        });
      }
      return { alerts };
    },
  };
}
