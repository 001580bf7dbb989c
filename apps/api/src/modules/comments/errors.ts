import { TITLE_COMMENT_ERRORS } from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

/** Refusals of the title comments (STYLE "How errors flow"): 422s carry a translation key. */
export const COMMENT_ERRORS = {
  /** SPEC §6/§8: the patron already has as many comments awaiting approval as the institution allows. */
  limitExceeded: (): AppError =>
    ERRORS.rule(TITLE_COMMENT_ERRORS.LIMIT_EXCEEDED.code, TITLE_COMMENT_ERRORS.LIMIT_EXCEEDED.key),
};

/** Why a librarian's decision was not recorded (the command says it; no HTTP route decides yet). */
export class CommentDecisionRefusal extends Error {
  override name = 'CommentDecisionRefusal';
  constructor(readonly reason: 'NOT_FOUND' | 'ALREADY_DECIDED' | 'REASON_REQUIRED') {
    super(
      reason === 'NOT_FOUND'
        ? 'there is no comment with this id'
        : reason === 'ALREADY_DECIDED'
          ? 'this comment was already approved or refused'
          : 'a refusal needs a reason (--reason "…")',
    );
  }
}
