import { z } from 'zod';
import {
  CALENDAR_DAY_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  isCalendarDay,
  MAX_BIG_ID,
  MAX_INTEGER_ID,
  MULTI_LINE_PATTERN,
  SINGLE_LINE_PATTERN,
} from '../input.ts';

/** An id of an `integer` column in a JSON body (1 … 2^31 − 1). */
export const idSchema = () => z.number().int().min(1).max(MAX_INTEGER_ID);

/** An id of an `integer` column in a path or a query string (text turned into a number). */
export const queryIdSchema = () => z.coerce.number().int().min(1).max(MAX_INTEGER_ID);

/** An id of a `bigserial` column (loan, hold, request) in a JSON body (1 … 2^53 − 1). */
export const bigIdSchema = () => z.number().int().min(1).max(MAX_BIG_ID);

/** A whole number of an `integer` column that is not an id (a code that may be 0 or negative). */
export const integerSchema = () => z.number().int().min(-MAX_INTEGER_ID).max(MAX_INTEGER_ID);

/** The same in a path or a query string. */
export const queryIntegerSchema = () => z.coerce.number().int().min(-MAX_INTEGER_ID).max(MAX_INTEGER_ID);

/** Text on one line (names, terms, logins, codes, passwords). */
export const textSchema = () => z.string().regex(SINGLE_LINE_PATTERN, CONTROL_CHARACTER_MESSAGE);

/** Text over several lines (comments, notes). */
export const multilineTextSchema = () => z.string().regex(MULTI_LINE_PATTERN, CONTROL_CHARACTER_MESSAGE);

/** A calendar day, YYYY-MM-DD (OpenAPI `format: date`). */
export const calendarDaySchema = () =>
  z.iso.date(CALENDAR_DAY_MESSAGE).refine(isCalendarDay, {
    message: CALENDAR_DAY_MESSAGE,
    // Only the year 0000 passes the ISO check and fails this one: one message per bad day.
    when: (payload) => payload.issues.length === 0,
  });
