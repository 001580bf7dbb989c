/** True for an absolute http(s) address, the only kind an institution link may carry. */
export function isWebAddress(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
