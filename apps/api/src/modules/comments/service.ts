import type { OwnTitleComment, TitleCommentReceipt, TitleCommentsPage } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { recordAlert } from '../alerts/index.ts';
import { readSettings } from '../institution/index.ts';
import { recordStaffAction, type StaffActor } from '../staff/audit.ts';
import { COMMENT_ERRORS, CommentDecisionRefusal } from './errors.ts';
import { presentOwnComment, presentPublicComment } from './presenters.ts';
import {
  countPending,
  decide,
  deleteOwn,
  findComment,
  insertComment,
  listApproved,
  listOwn,
  lockPatron,
  titleExists,
} from './repository.ts';

/** Institution setting: how many title comments one patron may have awaiting approval (SPEC §6). */
export const PENDING_LIMIT_SETTING = 'comentarios_acervo_limite_pendentes';
/** Comments a patron may have awaiting approval when the institution has not set a limit (decision 0042). */
export const DEFAULT_PENDING_LIMIT = 3;

/** The per-patron limit from the settings; a missing or malformed value means the default. */
export function pendingLimit(settings: Record<string, unknown>): number {
  const value = settings[PENDING_LIMIT_SETTING];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : DEFAULT_PENDING_LIMIT;
}

/** A comment a librarian decided on, with the patron who wrote it (for notices to that patron). */
export interface DecidedComment {
  id: number;
  patronId: number;
  titleId: number;
  titleName: string;
  status: 'approved' | 'refused';
  decidedAt: Date;
  decidedBy: string;
  /** The librarian's reason; null for an approval. */
  reason: string | null;
}

/** A page of a title's approved comments, newest first (SPEC §4: nothing unapproved is shown). */
export async function approvedComments(
  db: Db,
  titleId: number,
  query: { paginaAtiva: number; quantPag: number },
): Promise<TitleCommentsPage> {
  if (!(await titleExists(db, titleId))) throw ERRORS.notFound();
  const size = query.quantPag;
  const { rows, total } = await listApproved(db, titleId, {
    offset: (query.paginaAtiva - 1) * size,
    limit: size,
  });
  return { data: rows.map(presentPublicComment), total, paginaAtiva: query.paginaAtiva, quantPag: size };
}

/**
 * Stores a patron's comment on a title, awaiting approval (SPEC §4). Refused with 404 for an unknown
 * title and with 422 when the patron already has the institution's limit of comments awaiting
 * approval (SPEC §6, §8).
 */
export async function sendComment(
  db: Db,
  clock: Clock,
  input: { patronId: number; titleId: number; content: string },
): Promise<TitleCommentReceipt> {
  const limit = pendingLimit(await readSettings(db));
  const id = await db.transaction(async (tx) => {
    if (!(await titleExists(tx, input.titleId))) throw ERRORS.notFound();
    // Two sends at once must not both slip under the limit: count with the patron's row locked.
    await lockPatron(tx, input.patronId);
    if ((await countPending(tx, input.patronId)) >= limit) throw COMMENT_ERRORS.limitExceeded();
    return insertComment(tx, { ...input, createdAt: clock.now() });
  });
  const saved = await findComment(db, id);
  return { ...presentOwnComment(saved!), aprovacao_necessaria: true };
}

/** The patron's own comments in every state, newest first; on one title when titleId is given (404 if unknown). */
export async function ownComments(db: Db, patronId: number, titleId?: number): Promise<OwnTitleComment[]> {
  if (titleId !== undefined && !(await titleExists(db, titleId))) throw ERRORS.notFound();
  return (await listOwn(db, patronId, titleId)).map(presentOwnComment);
}

/** Deletes one of the patron's own comments; another patron's answers 404, as an unknown id does. */
export async function deleteOwnComment(db: Db, patronId: number, commentId: number): Promise<void> {
  if (!(await deleteOwn(db, patronId, commentId))) throw ERRORS.notFound();
}

/** Where a decision's alert e-mail goes, when the author wants e-mails (none: the alert only). */
export interface DecisionOptions {
  mailer?: Mailer | undefined;
  /** Told when the e-mail could not be sent (the decision and the alert stand). */
  onMailError?: (error: unknown) => void;
  /** The signed-in librarian, whose decision goes to the staff audit log (decision 0056). */
  auditAs?: StaffActor | undefined;
}

/**
 * Records the decision and tells the author with an alert (decision 0044) in the same transaction;
 * the alert's e-mail goes after the commit, and a failed send does not undo the decision.
 */
async function decideComment(
  db: Db,
  clock: Clock,
  input: { commentId: number; by: string; status: 'approved' | 'refused'; reason: string | null },
  options: DecisionOptions,
): Promise<DecidedComment> {
  const at = clock.now();
  const { row, mail } = await db.transaction(async (tx) => {
    const done = await decide(tx, {
      id: input.commentId,
      status: input.status,
      at,
      by: input.by,
      reason: input.reason,
    });
    if (!done) {
      throw new CommentDecisionRefusal(
        (await findComment(tx, input.commentId)) ? 'ALREADY_DECIDED' : 'NOT_FOUND',
      );
    }
    const found = (await findComment(tx, input.commentId))!;
    if (options.auditAs)
      await recordStaffAction(tx, {
        actor: options.auditAs,
        action: input.status === 'approved' ? 'comment.approve' : 'comment.refuse',
        target: { kind: 'comment', id: found.id },
        before: { status: 'pending', content: found.content },
        after: { status: input.status, reason: found.refusal_reason },
        at,
      });
    const params = { title: found.title, titleId: found.title_id };
    const recorded =
      input.status === 'approved'
        ? await recordAlert(tx, { patronId: found.patron_id, kind: 'commentApproved', params, at })
        : await recordAlert(tx, {
            patronId: found.patron_id,
            kind: 'commentRefused',
            params: { ...params, reason: found.refusal_reason },
            at,
          });
    return { row: found, mail: recorded?.mail ?? null };
  });
  if (mail && options.mailer) await options.mailer.send(mail).catch((error) => options.onMailError?.(error));
  return {
    id: row.id,
    patronId: row.patron_id,
    titleId: row.title_id,
    titleName: row.title,
    status: input.status,
    decidedAt: at,
    decidedBy: input.by,
    reason: row.refusal_reason,
  };
}

/**
 * A librarian approves a comment awaiting approval: from now on it shows on the record page (SPEC §4).
 * Records who and when; throws CommentDecisionRefusal for an unknown or already decided comment.
 */
export function approveComment(
  db: Db,
  clock: Clock,
  input: { commentId: number; by: string },
  options: DecisionOptions = {},
): Promise<DecidedComment> {
  return decideComment(db, clock, { ...input, status: 'approved', reason: null }, options);
}

/**
 * A librarian refuses a comment awaiting approval, with a reason its author reads in the personal
 * area. Records who and when; throws CommentDecisionRefusal for an unknown or already decided
 * comment, or a blank reason.
 */
export function refuseComment(
  db: Db,
  clock: Clock,
  input: { commentId: number; by: string; reason: string },
  options: DecisionOptions = {},
): Promise<DecidedComment> {
  const reason = input.reason.trim();
  if (!reason) return Promise.reject(new CommentDecisionRefusal('REASON_REQUIRED'));
  return decideComment(
    db,
    clock,
    { commentId: input.commentId, by: input.by, status: 'refused', reason },
    options,
  );
}
