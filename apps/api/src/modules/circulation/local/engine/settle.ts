/**
 * A title brought up to date and a freed copy placed: what time has done to a title (loans fall
 * late, quarantines end, pickups not made in time end) applied under its lock before any
 * operation on it, and where a copy no one holds any more goes — the first hold it can serve in
 * the queue, else the shelf. Every operation that frees a copy ends here.
 */
import { ERRORS } from '../../../../lib/errors.ts';
import { CIRCULATION_MAIL_TEXTS, formatDay } from '../../mail-texts.ts';
import { holdMatches } from '../choices.ts';
import { dueDate, resolveRule } from '../rules.ts';
import {
  closeQueueGap,
  findCopy,
  lockTitle,
  openWeekdays,
  setCopyStatus,
  titleAndLibrary,
  type CopyRecord,
  type HoldChoices,
} from '../repository.ts';
import { alert, alertRequest, mailPatron, type Ctx } from './context.ts';

/** What a sweep changed. */
export interface SweepResult {
  titles: number;
  late: number;
  quarantineEnded: number;
  holdsExpired: number;
  requestsExpired: number;
  holdsReleased: number;
}

/** Locks a title's row (not found when there is none) and brings it up to date. */
export async function requireTitle(ctx: Ctx, titleId: number): Promise<void> {
  if (!(await lockTitle(ctx.tx, titleId))) throw ERRORS.notFound();
  await settleTitle(ctx, titleId);
}

/**
 * A copy no one holds any more (returned, out of quarantine, hold or request ended): it goes to
 * the first hold in the queue it can serve, else back on the shelf. Answers the hold it was set
 * aside for, or null when it went back on the shelf.
 */
export async function placeCopy(ctx: Ctx, copy: CopyRecord): Promise<number | null> {
  const { rows: queue } = await ctx.tx.query<
    HoldChoices & { id: number; patronId: number; category: string; queuePosition: number }
  >(
    `SELECT h.id, h.patron_id AS "patronId", p.category_code AS category, h.library_id AS "libraryId", h.volume,
            h.tome, h.part, h.additional_material AS "additionalMaterial", h.location,
            h.queue_position AS "queuePosition"
       FROM hold h JOIN patron p ON p.id = h.patron_id
      WHERE h.title_id = $1 AND h.status = 'fila' ORDER BY h.queue_position`,
    [copy.titleId],
  );
  const next = queue.find((hold) => {
    const rule = resolveRule(ctx.rules, hold.category, copy.loanType);
    return rule.isLoanable && rule.allowsHolds && holdMatches(hold, copy);
  });
  if (!next) {
    await setCopyStatus(ctx.tx, copy.id, 'disponivel', null);
    return null;
  }
  const rule = resolveRule(ctx.rules, next.category, copy.loanType);
  const deadline = dueDate(ctx.today, rule.pickupDays, await openWeekdays(ctx.tx, copy.libraryId));
  await ctx.tx.query(
    `UPDATE hold SET status = 'liberada', queue_position = NULL, copy_id = $2, released_at = $3, pickup_deadline = $4::date
      WHERE id = $1`,
    [next.id, copy.id, ctx.now.toISOString(), deadline],
  );
  await closeQueueGap(ctx.tx, copy.titleId, next.queuePosition);
  await setCopyStatus(ctx.tx, copy.id, 'reservado', null);
  await ctx.log({
    action: 'hold.release',
    patronId: next.patronId,
    titleId: copy.titleId,
    copyId: copy.id,
    holdId: next.id,
    details: { pickupDeadline: deadline, queuePosition: next.queuePosition },
  });
  const names = await titleAndLibrary(ctx.tx, copy.titleId, copy.libraryId);
  await mailPatron(ctx, next.patronId, (language, name) => ({
    subject: CIRCULATION_MAIL_TEXTS[language].holdReleasedSubject,
    text: CIRCULATION_MAIL_TEXTS[language].holdReleased({
      name,
      title: names.title,
      library: names.library,
      until: formatDay(deadline, language),
    }),
  }));
  // The hold notice above is this alert's e-mail already.
  await alert(ctx, {
    patronId: next.patronId,
    kind: 'holdReady',
    params: { title: names.title, titleId: copy.titleId, library: names.library, until: deadline },
    alreadyMailed: true,
  });
  return next.id;
}

/**
 * Applies what time has done to a title (its row is locked): loans past due become late, copies
 * leave quarantine, released holds and arrived requests not collected in time end.
 */
export async function settleTitle(ctx: Ctx, titleId: number): Promise<Omit<SweepResult, 'titles'>> {
  const result = { late: 0, quarantineEnded: 0, holdsExpired: 0, requestsExpired: 0, holdsReleased: 0 };
  const flipped = await ctx.tx.query<{ id: number; status: string }>(
    `UPDATE copy c SET status = CASE WHEN ln.due_on < $2::date THEN 'atrasado' ELSE 'emprestado' END,
            expected_return = ln.due_on
       FROM loan ln
      WHERE ln.copy_id = c.id AND ln.returned_at IS NULL AND c.title_id = $1
        AND c.status IS DISTINCT FROM CASE WHEN ln.due_on < $2::date THEN 'atrasado' ELSE 'emprestado' END
      RETURNING c.id, c.status`,
    [titleId, ctx.today],
  );
  result.late = flipped.rows.filter((r) => r.status === 'atrasado').length;

  const expiredHolds = await ctx.tx.query<{ id: number; patronId: number; copyId: number }>(
    `UPDATE hold SET status = 'cancelada', cancel_reason = 'prazo', ended_at = $3
      WHERE title_id = $1 AND status = 'liberada' AND pickup_deadline < $2::date
      RETURNING id, patron_id AS "patronId", copy_id AS "copyId"`,
    [titleId, ctx.today, ctx.now.toISOString()],
  );
  const freed: number[] = [];
  for (const hold of expiredHolds.rows) {
    result.holdsExpired++;
    await ctx.log({
      action: 'hold.expire',
      patronId: hold.patronId,
      titleId,
      copyId: hold.copyId,
      holdId: hold.id,
    });
    freed.push(hold.copyId);
  }
  const expiredRequests = await ctx.tx.query<{
    id: number;
    patronId: number;
    copyId: number;
    receivingLibraryId: number;
  }>(
    `UPDATE loan_request SET status = 'nao_finalizada', ended_at = $3, updated_at = $3,
            observation = 'Não retirado no prazo'
      WHERE title_id = $1 AND status = 'disponivel' AND pickup_deadline < $2::date
      RETURNING id, patron_id AS "patronId", copy_id AS "copyId", receiving_library_id AS "receivingLibraryId"`,
    [titleId, ctx.today, ctx.now.toISOString()],
  );
  for (const request of expiredRequests.rows) {
    result.requestsExpired++;
    await ctx.log({
      action: 'request.expire',
      patronId: request.patronId,
      titleId,
      copyId: request.copyId,
      requestId: request.id,
    });
    await alertRequest(ctx, { ...request, titleId }, 'nao_finalizada', null);
    freed.push(request.copyId);
  }
  const quarantined = await ctx.tx.query<{ id: number }>(
    `SELECT c.id FROM copy c
      WHERE c.title_id = $1 AND c.status = 'quarentena'
        AND NOT EXISTS (SELECT 1 FROM loan ln WHERE ln.copy_id = c.id
                         AND (ln.returned_at IS NULL OR ln.quarantine_until >= $2::date))`,
    [titleId, ctx.today],
  );
  for (const { id } of quarantined.rows) {
    result.quarantineEnded++;
    await ctx.log({ action: 'quarantine.end', titleId, copyId: id });
    freed.push(id);
  }
  for (const copyId of freed.sort((a, b) => a - b)) {
    const copy = await findCopy(ctx.tx, copyId);
    if (copy && (await placeCopy(ctx, copy)) !== null) result.holdsReleased++;
  }
  return result;
}
