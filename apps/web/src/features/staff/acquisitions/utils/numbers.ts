/** The most copies a quote or a delivery counts (the contract's limit). */
export const MAX_COPIES = 999_999;

/** A whole number of copies as typed (1 to MAX_COPIES); null when it is not one. */
export function parseCopies(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_COPIES ? value : null;
}

/**
 * A price as a librarian types it, with a decimal comma or point and at most two decimals
 * (89 / 89,9 / 89.90); null when it is not such an amount.
 */
export function parsePrice(text: string): number | null {
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return match ? Number(`${match[1]}.${match[2] ?? '0'}`) : null;
}
