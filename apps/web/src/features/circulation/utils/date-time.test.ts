import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  // Built in the local time zone, which the formatter also uses: the hour is 0 wherever it runs.
  const justAfterMidnight = new Date(2026, 10, 25, 0, 26).toISOString();

  it('writes the hour with two digits in Portuguese and Spanish, as a loan token is read at the desk', () => {
    expect(formatDateTime(justAfterMidnight, 'pt')).toMatch(/^25\/11\/2026,? 00:26$/);
    expect(formatDateTime(justAfterMidnight, 'es')).toMatch(/^25\/11\/2026,? 00:26$/);
  });

  it('keeps a text that is not a date as it came', () => {
    expect(formatDateTime('amanhã', 'pt')).toBe('amanhã');
  });
});
