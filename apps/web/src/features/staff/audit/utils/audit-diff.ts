/** One field of an entry's before and after, as the log's table shows it. */
export interface FieldChange {
  field: string;
  /** The value as text; null where the thing had no such field (or did not exist). */
  before: string | null;
  after: string | null;
  changed: boolean;
}

const text = (value: unknown): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { value };

/**
 * Before and after of an audit entry as rows of fields (decision 0062): every field either side
 * has, in the order they come, each value as text (objects and lists as JSON) and whether it changed.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const was = fieldsOf(before);
  const is = fieldsOf(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.map((field) => {
    const from = text(was[field]);
    const to = text(is[field]);
    return { field, before: from, after: to, changed: from !== to };
  });
}
