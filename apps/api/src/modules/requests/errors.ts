import {
  LIBRARY_REQUEST_ERROR_CODE,
  LIBRARY_REQUEST_RULE_KEYS,
  type LibraryRequestProblem,
} from '@estante/contract';
import { ERRORS, type AppError } from '../../lib/errors.ts';

/** Refusals of the request calls (SPEC §8: a 422's message is a translation key). */
export const LIBRARY_REQUEST_ERRORS = {
  /** 422: a SPEC §5 rule (a required field, named by its key; pages or dates out of order; e-mails). */
  invalid: (problem: LibraryRequestProblem): AppError =>
    ERRORS.rule(LIBRARY_REQUEST_ERROR_CODE.INVALID, problem.key),
  /** 422: the chosen library is not one of the institution's. */
  libraryUnknown: (): AppError =>
    ERRORS.rule(LIBRARY_REQUEST_ERROR_CODE.LIBRARY_UNKNOWN, LIBRARY_REQUEST_RULE_KEYS.libraryUnknown),
  /** 422: only a request still waiting can be cancelled by its patron. */
  notCancellable: (): AppError =>
    ERRORS.rule(LIBRARY_REQUEST_ERROR_CODE.NOT_CANCELLABLE, LIBRARY_REQUEST_RULE_KEYS.notCancellable),
};

/** Why the library's move of a request was not recorded (the command says it; staff screens will too). */
export class RequestMoveRefusal extends Error {
  override name = 'RequestMoveRefusal';
  constructor(
    readonly reason: 'NOT_FOUND' | 'CLOSED' | 'NOT_ALLOWED' | 'REASON_REQUIRED' | 'SHEET_ISSUED_ONLY',
  ) {
    super(
      reason === 'NOT_FOUND'
        ? 'there is no request with this id'
        : reason === 'CLOSED'
          ? 'this request is closed (answered, not answered or cancelled) and does not move again'
          : reason === 'NOT_ALLOWED'
            ? 'a request cannot go back to that status'
            : reason === 'SHEET_ISSUED_ONLY'
              ? 'a catalogue sheet is answered by issuing its final sheet (estante requests sheet ID --issue)'
              : 'a request not answered needs the reason (--answer "…" or --note "…")',
    );
  }
}
