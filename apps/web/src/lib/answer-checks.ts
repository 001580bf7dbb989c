// Checks of an API answer written without zod, for the answers the first screens wait for (decision
// 0080): zod and the contract's schemas are a chunk of their own, and building and running them was
// part of the results page's blocking time. Each check built here must accept exactly what its
// contract schema accepts and return what the schema returns (unknown keys left out, as a zod object
// does); a test compares the two on valid and invalid answers.
import type { ResponseSchema } from './api-client';

/** Reads a value or throws: the shape of a check. */
export type Check<T> = (value: unknown) => T;

/** Thrown when an answer does not check; the API client reports it as `invalid-response`. */
export class AnswerCheckError extends TypeError {
  override name = 'AnswerCheckError';
}

function fail(expected: string): never {
  throw new AnswerCheckError(`expected ${expected}`);
}

export const text: Check<string> = (value) => (typeof value === 'string' ? value : fail('a string'));

export const flag: Check<boolean> = (value) => (typeof value === 'boolean' ? value : fail('a boolean'));

/** An integer zod 4's `z.number().int()` takes: a safe integer. */
export const integer: Check<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : fail('an integer');

/** One of a list of strings (`z.enum`). */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value) => (values.includes(value as T) ? (value as T) : fail(`one of ${values.join(', ')}`));
}

/** `null` or what the check takes (`.nullable()`). */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value) => (value === null ? null : check(value));
}

/** `undefined` or what the check takes (`.optional()`). */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value) => (value === undefined ? undefined : check(value));
}

/** An array whose every item checks (`z.array`). */
export function list<T>(check: Check<T>): Check<T[]> {
  return (value) => (Array.isArray(value) ? value.map((item) => check(item)) : fail('an array'));
}

/**
 * An object with these fields (`z.object`): every field checked, the result holding the declared
 * fields only. An optional field left out stays out.
 */
export function record<S extends Record<string, Check<unknown>>>(
  shape: S,
): Check<{ [K in keyof S]: ReturnType<S[K]> }> {
  const fields = Object.entries(shape);
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('an object');
    const source = value as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (const [key, check] of fields) {
      const read = check(source[key]);
      if (read !== undefined || key in source) result[key] = read;
    }
    return result as { [K in keyof S]: ReturnType<S[K]> };
  };
}

/** A check as the API client takes a schema. */
export function answerOf<T>(check: Check<T>): ResponseSchema<T> {
  return { parse: check };
}
