import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BasketExportSchema } from './basket.ts';
import { CancelHoldsRequestSchema, DateRangeQuerySchema, HoldRequestSchema } from './circulation.ts';
import { CommentRequestSchema, EventsCalendarQuerySchema } from './schemas/institution.ts';
import {
  bigIdSchema,
  calendarDaySchema,
  idSchema,
  multilineTextSchema,
  queryIdSchema,
  textSchema,
} from './schemas/input.ts';
import { isCalendarDay } from './input.ts';
import { TokenRequestSchema } from './schemas/auth.ts';
import { SearchQuerySchema } from './schemas/search.ts';
import { IdParamsSchema } from './schemas/title.ts';

describe('ids', () => {
  it('of integer columns stop at 2^31 − 1', () => {
    expect(idSchema().safeParse(2_147_483_647).success).toBe(true);
    expect(idSchema().safeParse(2_147_483_648).success).toBe(false);
    expect(idSchema().safeParse(2 ** 53 - 1).success).toBe(false);
    expect(idSchema().safeParse(0).success).toBe(false);
    expect(queryIdSchema().safeParse('2147483647').data).toBe(2_147_483_647);
    expect(queryIdSchema().safeParse('2147483648').success).toBe(false);
  });

  it('of bigserial columns (loans, holds) go up to 2^53 − 1', () => {
    expect(bigIdSchema().safeParse(2_147_483_648).success).toBe(true);
    expect(bigIdSchema().safeParse(2 ** 53 - 1).success).toBe(true);
    expect(bigIdSchema().safeParse(2 ** 53).success).toBe(false);
  });

  it('are refused past the range in the request schemas of the routes', () => {
    expect(IdParamsSchema.safeParse({ id: '2147483648' }).success).toBe(false);
    expect(HoldRequestSchema.safeParse({ cod_acervo: 2_147_483_648 }).success).toBe(false);
    expect(BasketExportSchema.safeParse({ tipo: 'ris', acervos: [1, 2_147_483_648] }).success).toBe(false);
    expect(CancelHoldsRequestSchema.safeParse({ reservas: [2_147_483_648] }).success).toBe(true);
  });
});

describe('text', () => {
  it('on one line refuses NUL and every other control character', () => {
    for (const bad of ['a\u0000b', '\u0007', 'a\tb', 'a\nb', 'a\u001fb', 'a\u007fb'])
      expect(textSchema().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(textSchema().safeParse('Memórias póstumas — 2ª ed. 😀').success).toBe(true);
  });

  it('over several lines keeps tab, line feed and carriage return but refuses NUL', () => {
    expect(multilineTextSchema().safeParse('one\r\n\ttwo').success).toBe(true);
    expect(multilineTextSchema().safeParse('a\u0000b').success).toBe(false);
    expect(multilineTextSchema().safeParse('a\u000bb').success).toBe(false);
  });

  it('with a NUL is refused in the request schemas of the routes', () => {
    expect(CommentRequestSchema.safeParse({ content: 'a\u0000b', b: 1 }).success).toBe(false);
    expect(CommentRequestSchema.safeParse({ content: 'line one\nline two', b: 1 }).success).toBe(true);
    expect(SearchQuerySchema.safeParse({ termo: 'a\u0000b' }).success).toBe(false);
    expect(
      TokenRequestSchema.safeParse({ grant_type: 'password', client_id: '4', username: 'a\u0000b' }).success,
    ).toBe(false);
  });
});

describe('days', () => {
  it('are days of the calendar', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2000-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2025-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10'])
      expect(isCalendarDay(bad), bad).toBe(false);
    expect(isCalendarDay('0000-00-00')).toBe(false);
    expect(isCalendarDay('0000-01-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });

  it('that are not on the calendar are refused, with one message', () => {
    const result = calendarDaySchema().safeParse('0000-01-01');
    expect(result.error?.issues).toHaveLength(1);
    expect(calendarDaySchema().safeParse('2026-02-30').error?.issues).toHaveLength(1);
    expect(DateRangeQuerySchema.safeParse({ dataIni: '2026-02-30' }).success).toBe(false);
    expect(DateRangeQuerySchema.safeParse({ dataFim: '0000-00-00' }).success).toBe(false);
    expect(DateRangeQuerySchema.safeParse({ dataIni: '2026-02-28' }).success).toBe(true);
    expect(EventsCalendarQuerySchema.safeParse({ dataIni: '2026-02-30' }).success).toBe(false);
  });
});

describe('what the OpenAPI document says of them', () => {
  const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' });

  it('shows the bounds, the text pattern and the date format', () => {
    expect(input(IdParamsSchema)).toMatchObject({
      properties: { id: { minimum: 1, maximum: 2_147_483_647 } },
    });
    expect(input(textSchema())).toMatchObject({
      type: 'string',
      pattern: expect.stringContaining('\\u0000'),
    });
    expect(input(calendarDaySchema())).toMatchObject({ type: 'string', format: 'date' });
  });

  it('lists the seven export formats', () => {
    expect(input(BasketExportSchema)).toMatchObject({
      properties: { tipo: { enum: ['RIS', 'BIBTEX', 'MARC21', 'MARCXML', 'CSV', 'ABNT', 'PDF'] } },
    });
    expect(BasketExportSchema.parse({ tipo: 'bibtex', acervos: [1] }).tipo).toBe('BIBTEX');
  });
});
