import type { CirculationRefusal } from '@estante/contract';
import { AppError } from '../../lib/errors.ts';

/** A patron-facing refusal: 422 with the translation key as the message (SPEC §8). */
export function refusal(reason: CirculationRefusal): AppError {
  return new AppError(422, reason.code, null, reason.key);
}

/** Refusals only the desk sees (the `estante desk` command prints them in English). */
export const DESK_REFUSAL = {
  COPY_NOT_FOUND: 'no such copy',
  PATRON_NOT_FOUND: 'no such patron',
  TOKEN_INVALID: 'the loan token is unknown or has expired',
  COPY_NOT_LOANABLE: 'this copy is not lent (its loan type or status does not allow loans)',
  COPY_ON_LOAN: 'this copy is already on loan',
  COPY_IN_QUARANTINE: 'this copy is in quarantine',
  COPY_HELD_FOR_OTHER: 'this copy is set aside for another patron (hold or loan request)',
  COPY_NOT_FREE: 'this copy has a loan, a hold or a request open',
  LOAN_LIMIT: 'the patron has reached the loan limit of their category',
  NOT_ON_LOAN: 'this copy is not on loan',
  REQUEST_NOT_FOUND: 'no such loan request',
  REQUEST_STEP: 'the loan request cannot move to that state from where it is',
  NOTHING_DUE: 'the patron owes nothing',
  PAYMENT_TOO_LARGE: 'the amount is more than the patron owes',
  DEBT_NOT_FOUND: 'no such debt of this patron',
} as const;
export type DeskRefusalCode = keyof typeof DESK_REFUSAL;

/** A desk refusal: 409 with a stable code (never reaches a patron's screen). */
export class DeskRefusal extends AppError {
  override name = 'DeskRefusal';
  constructor(readonly deskCode: DeskRefusalCode) {
    super(409, deskCode, null, DESK_REFUSAL[deskCode]);
  }
}
