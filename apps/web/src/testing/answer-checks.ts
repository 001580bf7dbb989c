// Helpers of the tests that compare an answer checked by hand with its contract schema.

/** What a hand-written check makes of a value: accepted with its result, or refused. */
export const read = (check: { parse(data: unknown): unknown }, value: unknown) => {
  try {
    return { ok: true, data: check.parse(value) };
  } catch {
    return { ok: false };
  }
};

/** What the contract schema makes of the same value, in the same form. */
export const bySchema = (
  schema: { safeParse(data: unknown): { success: boolean; data?: unknown } },
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false };
};
