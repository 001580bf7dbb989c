import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { OaiRequest } from '@estante/contract';

/** The error codes of OAI-PMH 2.0 (§3.6). */
export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

/** One protocol error as the answer carries it. */
export interface OaiError {
  code: OaiErrorCode;
  message: string;
}

/** The six verbs and the arguments each accepts (§4): required, optional, or exclusive (alone). */
const VERBS = {
  Identify: { required: [], optional: [], exclusive: null },
  ListMetadataFormats: { required: [], optional: ['identifier'], exclusive: null },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [], exclusive: null },
  ListIdentifiers: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
  ListRecords: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
} as const satisfies Record<string, { required: string[]; optional: string[]; exclusive: string | null }>;

/** An OAI-PMH verb. */
export type OaiVerb = keyof typeof VERBS;

/** A date argument: the instant and whether it was given to the day or to the second. */
export interface OaiDate {
  date: Date;
  granularity: 'day' | 'second';
}

/** A request whose arguments are all legal for its verb. */
export interface ParsedRequest {
  verb: OaiVerb;
  /** The arguments as given, echoed in the answer's request element. */
  args: Record<string, string>;
  identifier?: string;
  metadataPrefix?: string;
  from?: OaiDate;
  until?: OaiDate;
  set?: string;
  resumptionToken?: string;
}

/** The request's verb and arguments checked (§3.1.1, §3.6); errors carry what the answer's request element shows. */
export function parseRequest(
  query: OaiRequest,
): { ok: true; request: ParsedRequest } | { ok: false; verb: string | null; errors: OaiError[] } {
  const verb = query['verb'];
  if (verb === undefined || Array.isArray(verb) || !Object.hasOwn(VERBS, verb)) {
    const message = Array.isArray(verb)
      ? 'The verb argument is repeated.'
      : verb === undefined
        ? 'The verb argument is missing.'
        : `"${verb}" is not an OAI-PMH verb.`;
    return { ok: false, verb: null, errors: [{ code: 'badVerb', message }] };
  }
  const rules: { required: readonly string[]; optional: readonly string[]; exclusive: string | null } =
    VERBS[verb as OaiVerb];
  const errors: OaiError[] = [];
  const args: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'verb' || value === undefined) continue;
    if (Array.isArray(value))
      errors.push({ code: 'badArgument', message: `The ${name} argument is repeated.` });
    else if (![...rules.required, ...rules.optional, rules.exclusive].includes(name))
      errors.push({ code: 'badArgument', message: `${verb} takes no ${name} argument.` });
    else args[name] = value;
  }
  if (errors.length > 0) return { ok: false, verb, errors };
  if (rules.exclusive && args[rules.exclusive] !== undefined) {
    if (Object.keys(args).length > 1)
      return {
        ok: false,
        verb,
        errors: [{ code: 'badArgument', message: `${rules.exclusive} is an exclusive argument.` }],
      };
  } else {
    for (const name of rules.required)
      if (args[name] === undefined || args[name] === '')
        errors.push({ code: 'badArgument', message: `${verb} needs the ${name} argument.` });
  }
  const request: ParsedRequest = { verb: verb as OaiVerb, args };
  for (const name of ['from', 'until'] as const) {
    if (args[name] === undefined) continue;
    const date = parseOaiDate(args[name]);
    if (date) request[name] = date;
    else
      errors.push({
        code: 'badArgument',
        message: `${name} is not a date of the form YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ.`,
      });
  }
  if (request.from && request.until) {
    if (request.from.granularity !== request.until.granularity)
      errors.push({ code: 'badArgument', message: 'from and until must have the same granularity.' });
    else if (request.from.date > request.until.date)
      errors.push({ code: 'badArgument', message: 'from is later than until.' });
  }
  if (errors.length > 0) return { ok: false, verb, errors };
  if (args['identifier'] !== undefined) request.identifier = args['identifier'];
  if (args['metadataPrefix'] !== undefined) request.metadataPrefix = args['metadataPrefix'];
  if (args['set'] !== undefined) request.set = args['set'];
  if (args['resumptionToken'] !== undefined) request.resumptionToken = args['resumptionToken'];
  return { ok: true, request };
}

/** YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ (§3.3.1), a real calendar date; anything else is null. */
export function parseOaiDate(text: string): OaiDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z)?$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  const back = date.toISOString();
  if (back.slice(0, 10) !== text.slice(0, 10) || back.slice(11, 19) !== `${h}:${mi}:${s}`) return null;
  return { date, granularity: match[4] === undefined ? 'day' : 'second' };
}

/**
 * The last instant an until argument covers: until is inclusive, so a day reaches its last second
 * and a second its last millisecond.
 */
export function untilEnd(until: OaiDate): Date {
  return new Date(until.date.getTime() + (until.granularity === 'day' ? 86_400_000 : 1000) - 1);
}

/** A UTC datestamp at the repository's granularity, seconds (§3.3.1). */
export function formatDatestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** Where a list stopped and what it was asked for: all a resumption token needs (decision 0064). */
export interface ListPosition {
  verb: 'ListIdentifiers' | 'ListRecords' | 'ListSets';
  metadataPrefix?: string;
  /** ISO instants, the until already at its last millisecond. */
  from?: string;
  until?: string;
  set?: string;
  /** The last title id sent; the next page starts after it. */
  after: number;
  /** How many items were sent before the next page (the token's cursor). */
  cursor: number;
  completeListSize: number;
  /** When the token stops being accepted, in epoch milliseconds. */
  expires: number;
}

const PositionSchema = z.object({
  verb: z.enum(['ListIdentifiers', 'ListRecords', 'ListSets']),
  metadataPrefix: z.string().optional(),
  from: z.iso.datetime().optional(),
  until: z.iso.datetime().optional(),
  set: z.string().optional(),
  after: z.number().int().min(0),
  cursor: z.number().int().min(0),
  completeListSize: z.number().int().min(0),
  expires: z.number().int(),
});

/** The position as a token: the JSON in base64url and its HMAC-SHA256, so it outlives a restart and cannot be forged. */
export function encodeToken(position: ListPosition, secret: string): string {
  const body = Buffer.from(JSON.stringify(position)).toString('base64url');
  return `${body}.${sign(body, secret)}`;
}

/** The position a token carries, or why it is refused (forged, damaged, expired or for another verb). */
export function decodeToken(
  token: string,
  secret: string,
  verb: OaiVerb,
  now: Date,
): { ok: true; position: ListPosition } | { ok: false; message: string } {
  const [body = '', signature = '', ...rest] = token.split('.');
  const expected = sign(body, secret);
  if (
    rest.length > 0 ||
    signature.length !== expected.length ||
    !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  )
    return { ok: false, message: 'The resumption token is not one this repository issued.' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, message: 'The resumption token is damaged.' };
  }
  const parsed = PositionSchema.safeParse(json);
  if (!parsed.success || parsed.data.verb !== verb)
    return { ok: false, message: `The resumption token is not one of ${verb}.` };
  if (parsed.data.expires <= now.getTime())
    return { ok: false, message: 'The resumption token has expired.' };
  return { ok: true, position: parsed.data as ListPosition };
}

function sign(body: string, secret: string): string {
  return createHmac('sha256', `oai-pmh:${secret}`).update(body).digest('base64url');
}
