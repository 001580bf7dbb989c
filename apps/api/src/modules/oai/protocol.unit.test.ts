import { describe, expect, it } from 'vitest';
import {
  decodeToken,
  encodeToken,
  formatDatestamp,
  parseOaiDate,
  parseRequest,
  untilEnd,
} from './protocol.ts';

describe('OAI-PMH dates', () => {
  it('reads a day or a second in UTC, and nothing else', () => {
    expect(parseOaiDate('2024-02-29')).toEqual({
      date: new Date('2024-02-29T00:00:00Z'),
      granularity: 'day',
    });
    expect(parseOaiDate('2024-02-29T23:59:59Z')?.granularity).toBe('second');
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:00Z',
      '2024-1-1',
      '',
    ])
      expect(parseOaiDate(bad)).toBeNull();
  });

  it('takes until as inclusive, to the end of its day or second', () => {
    expect(untilEnd(parseOaiDate('2024-01-01')!).toISOString()).toBe('2024-01-01T23:59:59.999Z');
    expect(untilEnd(parseOaiDate('2024-01-01T10:00:00Z')!).toISOString()).toBe('2024-01-01T10:00:00.999Z');
    expect(formatDatestamp(new Date('2024-01-01T10:00:00.750Z'))).toBe('2024-01-01T10:00:00Z');
  });
});

describe('OAI-PMH requests', () => {
  it('keeps a resumption token exclusive and the other arguments to the verb', () => {
    expect(parseRequest({ verb: 'ListRecords', resumptionToken: 'x' }).ok).toBe(true);
    expect(parseRequest({ verb: 'ListSets', resumptionToken: 'x', set: 'a' }).ok).toBe(false);
    expect(
      parseRequest({
        verb: 'GetRecord',
        identifier: 'oai:x:1',
        metadataPrefix: 'oai_dc',
        from: '2024-01-01',
      }),
    ).toMatchObject({ ok: false, errors: [{ code: 'badArgument' }] });
  });
});

describe('OAI-PMH resumption tokens', () => {
  const position = {
    verb: 'ListRecords' as const,
    metadataPrefix: 'oai_dc',
    after: 40,
    cursor: 40,
    completeListSize: 519,
    expires: Date.parse('2030-01-02T00:00:00Z'),
  };
  const now = new Date('2030-01-01T00:00:00Z');

  it('gives back the position it carries, under the same secret only', () => {
    const token = encodeToken(position, 'secret-a');
    expect(decodeToken(token, 'secret-a', 'ListRecords', now)).toEqual({ ok: true, position });
    expect(decodeToken(token, 'secret-b', 'ListRecords', now).ok).toBe(false);
    expect(decodeToken(`${token}x`, 'secret-a', 'ListRecords', now).ok).toBe(false);
  });

  it('refuses a token past its expiry or of another verb', () => {
    const token = encodeToken(position, 'secret-a');
    expect(decodeToken(token, 'secret-a', 'ListRecords', new Date(position.expires)).ok).toBe(false);
    expect(decodeToken(token, 'secret-a', 'ListIdentifiers', now).ok).toBe(false);
  });
});
