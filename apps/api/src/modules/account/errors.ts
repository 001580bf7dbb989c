import { ACCOUNT_ERROR_CODE, ACCOUNT_RULE_KEYS, type PersonalDataProblem } from '@estante/contract';
import { ERRORS } from '../../lib/errors.ts';

/** Refusals of the account calls (SPEC §8: a 422's message is a translation key). */
export const ACCOUNT_ERRORS = {
  /** 422: a personal-data rule of SPEC §5 (e-mails, phones, CPF, birth date); the key names the rule. */
  invalid: (problem: PersonalDataProblem) =>
    ERRORS.rule(ACCOUNT_ERROR_CODE.PERSONAL_DATA_INVALID, problem.key),
  /** 422: a field the institution does not let patrons change was sent with another value. */
  locked: () => ERRORS.rule(ACCOUNT_ERROR_CODE.PERSONAL_DATA_LOCKED, ACCOUNT_RULE_KEYS.fieldLocked),
  /** 422: the institution does not ask for a yearly registration renewal. */
  renewalOff: () => ERRORS.rule(ACCOUNT_ERROR_CODE.REGISTRATION_RENEWAL_OFF, ACCOUNT_RULE_KEYS.renewalOff),
  /** 422: the registration is valid for longer than the renewal window. */
  renewalEarly: () =>
    ERRORS.rule(ACCOUNT_ERROR_CODE.REGISTRATION_RENEWAL_EARLY, ACCOUNT_RULE_KEYS.renewalEarly),
};
