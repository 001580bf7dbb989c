import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv, type ValidateFunction } from 'ajv';
import { buildTestApp, publicToken } from '../testing/build-test-app.ts';
import { signIn } from '../modules/identity/testing.ts';

// Every operation of the published OpenAPI document, called with requests generated from its own
// parameter and body schemas plus hostile values (ids past 2^31, NUL and other control characters,
// impossible dates, wrong types), through a real server on loopback, as anonymous, public and
// signed-in callers. No answer may be a 5xx, every status must be one the document lists for the
// operation, and every JSON body must match the documented schema (checked with Ajv, not with the
// zod schemas the document was made from). The seed is fixed, so a run is repeatable; set
// OPENAPI_FUZZ_SEED / OPENAPI_FUZZ_RUNS to explore further.

const SEED = Number(process.env.OPENAPI_FUZZ_SEED ?? 20_260_214);
const RUNS_PER_OPERATION = Number(process.env.OPENAPI_FUZZ_RUNS ?? 12);
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** The parts of an OpenAPI 3.0 document this test reads. */
type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

/** Values no schema should let reach the database: out-of-range ids, control characters, bad days, wrong types. */
const hostile: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 - 1,
  -(2 ** 31) - 1,
  0,
  -1,
  1.5,
  1e300,
  'a\u0000b',
  '\u0000',
  'x\u0007y',
  'line\nbreak',
  '\u001b[31m',
  '2026-02-30',
  '0000-00-00',
  '2026-13-01',
  '99999-01-01',
  '',
  ' ',
  'null',
  '%00',
  "' OR 1=1 --",
  '2147483648',
  '9007199254740993',
  '-1',
  'x'.repeat(3000),
  null,
  true,
  [],
  {},
  [1, 'a'],
);

/** A day, mostly real, sometimes not on the calendar. */
const day = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-30', '2025-02-29', '0000-00-00', '2026-04-31', '2026-00-10'),
);

/** Text: ordinary words and ids people type, any Unicode, and text with control characters. */
const text = (maxLength: number) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom('ana', 'machado', 'Dom Casmurro', 'livre', '1', 'ABNT', 'a@example.org'),
    },
    { weight: 3, arbitrary: fc.string({ maxLength: Math.min(maxLength, 30), unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: Math.min(maxLength, 12), unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0, max: 31 }), fc.string({ maxLength: 5 }))
        .map(([a, code, b]) => `${a}${String.fromCharCode(code)}${b}`),
    },
  );

/** An arbitrary value for a JSON schema, mostly of its shape, sometimes hostile. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return hostile;
  return fc.oneof({ weight: 6, arbitrary: shapedValue(schema, depth) }, { weight: 1, arbitrary: hostile });
}

function shapedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const shaped = typedValue(schema, depth);
  return schema.nullable ? fc.oneof(shaped, fc.constant(null)) : shaped;
}

function typedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shapedValue(s, depth + 1)));
  if (schema.allOf?.length) return shapedValue(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 100_000;
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }),
        fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 40), Math.max(min, 1)) }),
        fc.constantFrom(2 ** 31, 2 ** 53 - 1),
      );
    }
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 1000 }));
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date') return day;
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), text(20));
      return text(schema.maxLength ?? 200);
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = valueFor(property, depth + 1);
      if (!type && !schema.properties) return hostile;
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
    }
  }
}

/** A parameter's value as it travels in a URL. */
function asUrlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface GeneratedRequest {
  caller: 'anonymous' | 'public' | 'patron';
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function requestFor(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const path: Record<string, fc.Arbitrary<unknown>> = {};
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') path[parameter.name] = valueFor(parameter.schema);
    if (parameter.in === 'query') {
      query[parameter.name] = valueFor(parameter.schema);
      if (parameter.required) requiredQuery.push(parameter.name);
    }
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return fc.record({
    caller: fc.constantFrom('anonymous', 'public', 'patron', 'patron'),
    path: fc.record(path),
    query: fc.record(query, { requiredKeys: requiredQuery }),
    body: operation.requestBody ? valueFor(bodySchema) : fc.constant(undefined),
  });
}

/** OpenAPI 3.0 schema → JSON Schema draft 7 where they differ (boolean exclusive bounds). */
function toDraft7(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toDraft7);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = toDraft7(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag]) out[flag] = out[bound];
      else delete out[flag];
      if (out[flag] !== undefined) delete out[bound];
    }
  }
  return out;
}

describe('every operation of the OpenAPI document', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  let document: OpenApiDocument;
  const tokens: Record<GeneratedRequest['caller'], string | null> = {
    anonymous: null,
    public: null,
    patron: null,
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const published = await fetch(`${base}/api/docs/json`);
    const body = await published.text();
    if (published.status !== 200) throw new Error(`GET /api/docs/json → ${published.status} ${body}`);
    document = JSON.parse(body) as OpenApiDocument;
    tokens.public = await publicToken(ctx.app);
    tokens.patron = (await signIn(ctx.app, 'ana', 'estante-ana')).access_token;
  });
  afterAll(async () => ctx?.close());

  const call = (method: string, path: string, caller: GeneratedRequest['caller'], body?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url: path,
      headers: tokens[caller] ? { authorization: `Bearer ${tokens[caller]}` } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  it('refuses ids past the integer range with a 400, and answers 404 for one in range that does not exist', async () => {
    for (const path of [
      '/api/acervo/2147483648',
      '/api/acervo/2147483648/referencia',
      '/api/kardex/99999999999/data',
    ]) {
      const response = await call('GET', path, 'public');
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('id') });
    }
    expect((await call('GET', '/api/acervo/2147483647', 'public')).statusCode).toBe(404);
    const tooLong = await call('GET', `/api/acervo/${'9'.repeat(200)}`, 'public');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION' });
    const hold = await call('POST', '/api/reserva', 'patron', { cod_acervo: 2_147_483_648 });
    expect(hold.statusCode).toBe(400);
    const basket = await call('POST', '/api/acervo/exportar-cesta', 'public', {
      tipo: 'RIS',
      acervos: [2 ** 53 - 1],
    });
    expect(basket.statusCode).toBe(400);
  });

  it('refuses text with a NUL with a 400 naming the field', async () => {
    const comment = await call('POST', '/api/unidade-informacao/comentario', 'patron', {
      content: 'a\u0000b',
      b: 1,
    });
    expect(comment.statusCode).toBe(400);
    expect(comment.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('content') });
    const search = await call('GET', '/api/consulta?termo=a%00b', 'public');
    expect(search.statusCode).toBe(400);
    const token = await call('POST', '/api/oauth/token', 'anonymous', {
      grant_type: 'password',
      client_id: '4',
      username: 'a\u0000b',
      password: 'x',
    });
    expect(token.statusCode).toBe(400);
  });

  it('refuses days that are not on the calendar with a 400', async () => {
    for (const path of [
      '/api/emprestimo/historico?dataIni=2026-02-30',
      '/api/reserva/historico?dataFim=2025-02-29',
      '/api/solicitacao-emprestimo?dataFim=0000-00-00',
    ]) {
      const response = await call('GET', path, 'patron');
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await call('GET', '/api/emprestimo/historico?dataIni=2024-02-29', 'patron')).statusCode).toBe(
      200,
    );
  });

  it('answers 401 to an anonymous caller of a patron route before looking at its body', async () => {
    for (const [method, path] of [
      ['POST', '/api/reserva'],
      ['PUT', '/api/pessoas/meu-pergamum/senha'],
      ['POST', '/api/unidade-informacao/comentario'],
    ] as const) {
      const response = await call(method, path, 'anonymous', 'not an object');
      expect(response.statusCode, path).toBe(401);
    }
  });

  it('documents the OIDC return parameters, the export formats and the 400 of every validated route', () => {
    const oidcReturn = document.paths['/api/oidc/retorno']!.get!;
    expect(oidcReturn.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['code', 'state', 'error', 'error_description']),
    );
    expect(oidcReturn.parameters?.map((p) => p.name)).not.toContain('additionalProperties');
    expect(Object.keys(oidcReturn.responses ?? {})).toContain('302');
    const exportBody =
      document.paths['/api/acervo/exportar-cesta']!.post!.requestBody!.content!['application/json']!;
    expect(exportBody.schema?.properties?.['tipo']?.enum).toHaveLength(7);
    const history = document.paths['/api/emprestimo/historico']!.get!;
    expect(Object.keys(history.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401']));
  });

  it('answers no 5xx, only documented statuses, and bodies of the documented schema', async () => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
    ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
    const validators = new Map<JsonSchema, ValidateFunction>();
    const validatorOf = (schema: JsonSchema) => {
      let validate = validators.get(schema);
      if (!validate) validators.set(schema, (validate = ajv.compile(toDraft7(schema) as object)));
      return validate;
    };

    const failures: string[] = [];
    let requests = 0;
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
    );
    expect(operations.length).toBeGreaterThan(100);

    for (const { path, method, operation } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      const property = fc.asyncProperty(requestFor(operation), async (generated) => {
        requests++;
        const url = new URL(
          base +
            path.replace(/\{(\w+)\}/g, (_, key: string) =>
              encodeURIComponent(asUrlText(generated.path[key]) || 'x'),
            ),
        );
        for (const [key, value] of Object.entries(generated.query)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value])
            url.searchParams.append(key, asUrlText(item));
        }
        const headers: Record<string, string> = { 'accept-language': 'en' };
        const token = tokens[generated.caller];
        if (token) headers.authorization = `Bearer ${token}`;
        if (generated.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(url, {
          method: method.toUpperCase(),
          headers,
          redirect: 'manual',
          ...(generated.body !== undefined ? { body: JSON.stringify(generated.body) } : {}),
        });
        const raw = await response.text();
        const where = `${name} as ${generated.caller} ${url.pathname}${url.search}${
          generated.body !== undefined ? ` body ${JSON.stringify(generated.body).slice(0, 300)}` : ''
        } → ${response.status} ${raw.slice(0, 300)}`;
        if (response.status >= 500) throw new Error(`5xx: ${where}`);
        const documented = operation.responses?.[String(response.status)] ?? operation.responses?.default;
        if (!documented) throw new Error(`undocumented status: ${where}`);
        const schema = documented.content?.['application/json']?.schema;
        if (schema && (response.headers.get('content-type') ?? '').includes('json')) {
          const validate = validatorOf(schema);
          if (!validate(JSON.parse(raw)))
            throw new Error(`body off schema (${ajv.errorsText(validate.errors)}): ${where}`);
        }
      });
      try {
        await fc.assert(property, { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true });
      } catch (error) {
        // fast-check keeps the property's own error (what was sent and answered) as the cause.
        const cause = (error as Error).cause;
        failures.push(cause instanceof Error ? cause.message : (error as Error).message);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(operations.length * RUNS_PER_OPERATION);
  });
});
