import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  EditableFaqEntrySchema,
  CategoryPermissionsSchema,
  EditableActivitiesSchema,
  EditableEventSchema,
  EditableEventsSchema,
  EditableFaqSchema,
  EditableOpeningHoursEntrySchema,
  EditableOpeningHoursSchema,
  EditableSettingsSchema,
  INSTITUTION_SETTING_KEYS,
  InstitutionSchema,
  InstitutionEventsSchema,
  OpeningHoursSchema,
  EditableInstitutionPagesSchema,
  FaqSchema,
  InstitutionPageSchema,
  LANGUAGE_HEADER,
  STAFF_PATHS,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';

// Every test gets a fresh demo library, and signs its callers in with their demo passwords.
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
beforeEach(async () => {
  ctx = await buildTestApp({ clock: testClock(new Date('2031-05-10T12:00:00Z')) });
});
afterEach(() => ctx.close());

const as = async (login: string, password = `estante-${login.replace('.', '-')}`) =>
  bearer((await signIn(ctx.app, login, password)).access_token);

// The FAQ edited in the staff workspace (decision 0063): the administrator adds, rewrites, moves
// and removes entries; the public FAQ shows each change at once, and the audit log keeps each one.

describe('FAQ editor', () => {
  const publicFaq = async (language: 'pt' | 'en' = 'pt') =>
    FaqSchema.parse(
      (
        await ctx.app.inject({
          url: `/api${API_PATHS.faq}`,
          headers: {
            ...bearer(await publicToken(ctx.app)),
            [LANGUAGE_HEADER]: language === 'en' ? '5' : '1',
          },
        })
      ).json(),
    );
  const entry = {
    pt: {
      pergunta: 'Posso levar meu notebook?',
      resposta: '<p>Sim, há <strong>tomadas</strong> no 2º andar.</p>',
    },
    en: { pergunta: 'May I bring my laptop?', resposta: '<p>Yes, there are sockets on the 2nd floor.</p>' },
    es: null,
  };
  const audit = async (id: number) =>
    (
      await ctx.db.query<{ actor_login: string; action: string; before: unknown; after: unknown }>(
        "SELECT actor_login, action, before, after FROM staff_action WHERE target_kind = 'faq_entry' AND target_id = $1 ORDER BY id",
        [String(id)],
      )
    ).rows;

  it('refuses visitors, patrons and staff who are not administrators on every call', async () => {
    const calls = [
      (headers: Record<string, string>) => ctx.app.inject({ url: `/api${STAFF_PATHS.contentFaq}`, headers }),
      (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'POST', url: `/api${STAFF_PATHS.contentFaq}`, headers, payload: entry }),
      (headers: Record<string, string>) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api${STAFF_PATHS.contentFaqEntry(1)}`,
          headers,
          payload: entry,
        }),
      (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'DELETE', url: `/api${STAFF_PATHS.contentFaqEntry(1)}`, headers }),
    ];
    const callers: [string, Record<string, string>, number][] = [
      ['visitor', {}, 401],
      ['patron', await as('ana'), 403],
      ['cataloguing', await as('equipe.catalogacao'), 403],
      ['reference', await as('equipe.referencia'), 403],
    ];
    const faqBefore = await publicFaq();
    for (const [who, headers, status] of callers) {
      for (const [i, call] of calls.entries()) {
        expect({ who, call: i, status: (await call(headers)).statusCode }).toEqual({ who, call: i, status });
      }
    }
    expect(await publicFaq()).toEqual(faqBefore);
    const { rows } = await ctx.db.query("SELECT 1 FROM staff_action WHERE target_kind = 'faq_entry'");
    expect(rows).toEqual([]);
  });

  it('adds, rewrites, moves and removes an entry: the public FAQ shows each change, the audit log keeps it', async () => {
    const admin = await as('equipe.admin');
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api${STAFF_PATHS.contentFaq}`,
      headers: admin,
      payload: { ...entry, pt: { pergunta: '  Posso levar meu notebook?  ', resposta: entry.pt.resposta } },
    });
    expect(added.statusCode).toBe(201);
    const created = EditableFaqEntrySchema.parse(added.json());
    expect(created).toMatchObject({ pt: entry.pt, en: entry.en, es: null });
    expect((await publicFaq()).at(-1)).toEqual({ codigo: created.codigo, ...entry.pt });
    expect((await publicFaq('en')).at(-1)).toEqual({ codigo: created.codigo, ...entry.en });

    // Rewritten and moved to the top; the English text removed falls back to Portuguese.
    const rewritten = {
      posicao: 1,
      pt: { pergunta: 'Posso usar meu notebook?', resposta: '<p>Sim, em todas as salas.</p>' },
      en: null,
      es: null,
    };
    const put = (payload: typeof rewritten) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api${STAFF_PATHS.contentFaqEntry(created.codigo)}`,
        headers: admin,
        payload,
      });
    expect((await put(rewritten)).statusCode).toBe(200);
    expect((await publicFaq())[0]).toEqual({ codigo: created.codigo, ...rewritten.pt });
    expect((await publicFaq('en'))[0]).toEqual({ codigo: created.codigo, ...rewritten.pt });
    const editor = EditableFaqSchema.parse(
      (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentFaq}`, headers: admin })).json(),
    );
    expect(editor.data[0]).toMatchObject({ codigo: created.codigo, posicao: 1, en: null });
    // Saving what is already there changes nothing and writes nothing to the log.
    expect((await put(rewritten)).statusCode).toBe(200);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api${STAFF_PATHS.contentFaqEntry(created.codigo)}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
    expect((await publicFaq()).some((e) => e.codigo === created.codigo)).toBe(false);
    expect((await put(rewritten)).statusCode).toBe(404);

    const log = await audit(created.codigo);
    expect(log.map((e) => [e.actor_login, e.action])).toEqual([
      ['equipe.admin', 'faq.add'],
      ['equipe.admin', 'faq.edit'],
      ['equipe.admin', 'faq.remove'],
    ]);
    expect(log[1]!.before).toMatchObject({
      pt: { question: entry.pt.pergunta, answer: entry.pt.resposta },
      en: { question: entry.en.pergunta },
    });
    expect(log[1]!.after).toMatchObject({ position: 1, pt: { question: rewritten.pt.pergunta }, en: null });
    expect(log[2]!.after).toBeNull();
  });

  it('refuses an entry without its Portuguese question or answer', async () => {
    const admin = await as('equipe.admin');
    const blank = await ctx.app.inject({
      method: 'POST',
      url: `/api${STAFF_PATHS.contentFaq}`,
      headers: admin,
      payload: { ...entry, pt: { pergunta: '   ', resposta: '<p>x</p>' } },
    });
    expect(blank.statusCode).toBe(400);
    const { rows } = await ctx.db.query("SELECT 1 FROM staff_action WHERE target_kind = 'faq_entry'");
    expect(rows).toEqual([]);
  });

  it('writes an institution page in every language and removes it, for administrators only', async () => {
    const page = {
      pt: { titulo: 'Bem-vindo', conteudo: '<p>O catálogo da <em>Universidade</em>.</p>' },
      en: { titulo: 'Welcome', conteudo: '<p>The University catalogue.</p>' },
      es: null,
    };
    const url = `/api${STAFF_PATHS.contentPage('secao_1')}`;
    for (const [headers, status] of [
      [{}, 401],
      [await as('ana'), 403],
      [await as('equipe.catalogacao'), 403],
    ] as const) {
      const answers = [
        await ctx.app.inject({ url: `/api${STAFF_PATHS.contentPages}`, headers }),
        await ctx.app.inject({ method: 'PUT', url, headers, payload: page }),
        await ctx.app.inject({ method: 'DELETE', url, headers }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([status, status, status]);
    }
    const publicPage = async (language: '1' | '5') =>
      InstitutionPageSchema.parse(
        (
          await ctx.app.inject({
            url: `/api${API_PATHS.homeSection1}`,
            headers: { ...bearer(await publicToken(ctx.app)), [LANGUAGE_HEADER]: language },
          })
        ).json(),
      );
    const admin = await as('equipe.admin');
    const before = await publicPage('1');
    expect((await ctx.app.inject({ method: 'PUT', url, headers: admin, payload: page })).statusCode).toBe(
      200,
    );
    expect(await publicPage('1')).toEqual(page.pt);
    expect(await publicPage('5')).toEqual(page.en);
    const pages = EditableInstitutionPagesSchema.parse(
      (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentPages}`, headers: admin })).json(),
    );
    expect(pages.data.map((p) => p.chave)).toEqual(['secao_1', 'secao_2', 'informacoes_gerais']);
    expect(pages.data[0]).toEqual({ chave: 'secao_1', ...page });

    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    expect(await publicPage('1')).toEqual({ titulo: null, conteudo: null });
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);

    const { rows } = await ctx.db.query<{ action: string; before: unknown; after: unknown }>(
      "SELECT action, before, after FROM staff_action WHERE target_kind = 'institution_page' AND target_id = 'secao_1' ORDER BY id",
    );
    expect(rows.map((r) => r.action)).toEqual(['page.edit', 'page.remove']);
    expect(rows[0]!.before).toEqual(
      before.titulo === null
        ? null
        : expect.objectContaining({ pt: { title: before.titulo, body: before.conteudo } }),
    );
    expect(rows[0]!.after).toEqual({
      pt: { title: 'Bem-vindo', body: page.pt.conteudo },
      en: { title: 'Welcome', body: page.en.conteudo },
      es: null,
    });
    expect(rows[1]!.after).toBeNull();
  });

  it('turns an activity off and on for the whole institution, for administrators only', async () => {
    const url = `/api${STAFF_PATHS.contentActivity(13)}`;
    for (const [headers, status] of [
      [{}, 401],
      [await as('ana'), 403],
      [await as('equipe.referencia'), 403],
    ] as const) {
      const answers = [
        await ctx.app.inject({ url: `/api${STAFF_PATHS.contentActivities}`, headers }),
        await ctx.app.inject({ method: 'PUT', url, headers, payload: { ativa: false } }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([status, status]);
    }
    const offered = async () =>
      (
        (
          await ctx.app.inject({
            url: `/api${API_PATHS.functionalities}`,
            headers: bearer(await publicToken(ctx.app)),
          })
        ).json() as { cod_atividade: number }[]
      ).map((a) => a.cod_atividade);
    expect(await offered()).toContain(13);
    const admin = await as('equipe.admin');
    const set = (ativa: boolean, code = 13) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api${STAFF_PATHS.contentActivity(code)}`,
        headers: admin,
        payload: { ativa },
      });
    expect((await set(false)).statusCode).toBe(204);
    expect(await offered()).not.toContain(13);
    const listed = EditableActivitiesSchema.parse(
      (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentActivities}`, headers: admin })).json(),
    );
    expect(listed.data.find((a) => a.codigo === 13)).toMatchObject({ ativa: false });
    expect((await set(false)).statusCode).toBe(204); // already off: nothing changes, nothing logged
    expect((await set(true)).statusCode).toBe(204);
    expect(await offered()).toContain(13);
    expect((await set(true, 999_999)).statusCode).toBe(404);
    const { rows } = await ctx.db.query<{ action: string; before: unknown; after: unknown }>(
      "SELECT action, before, after FROM staff_action WHERE target_kind = 'activity' AND target_id = '13' ORDER BY id",
    );
    expect(rows).toEqual([
      { action: 'activity.set', before: { enabled: true }, after: { enabled: false } },
      { action: 'activity.set', before: { enabled: false }, after: { enabled: true } },
    ]);
  });
});

// Opening hours and events on screen (decision 0065): each change shows on the public pages at once
// and is kept in the audit log; the refusals are translation keys the web app shows.
describe('opening hours and events editors', () => {
  const publicGet = async (url: string) =>
    (await ctx.app.inject({ url: `/api${url}`, headers: bearer(await publicToken(ctx.app)) })).json();
  const auditOf = async (kind: string) =>
    (
      await ctx.db.query<{ actor_login: string; action: string; before: unknown; after: unknown }>(
        'SELECT actor_login, action, before, after FROM staff_action WHERE target_kind = $1 ORDER BY id',
        [kind],
      )
    ).rows;
  const event = {
    tipo: 'institucional' as const,
    inicio: '2031-06-02T14:00:00-03:00',
    fim: '2031-06-02T17:00:00-03:00',
    local: 'Auditório da Biblioteca Central',
    link: null,
    pt: { titulo: 'Oficina de normas ABNT', descricao: 'Referências e citações.' },
    en: { titulo: 'ABNT style workshop', descricao: null },
    es: null,
  };

  it('refuses visitors, patrons and staff who are not administrators on every call', async () => {
    const hours = { biblioteca: 1, dia: 6, abre: '08:00', fecha: '12:00' };
    const calls: [string, string, unknown?][] = [
      ['GET', STAFF_PATHS.contentHours],
      ['POST', STAFF_PATHS.contentHours, hours],
      ['PUT', STAFF_PATHS.contentHoursEntry(1), hours],
      ['DELETE', STAFF_PATHS.contentHoursEntry(1)],
      ['GET', STAFF_PATHS.contentEvents],
      ['POST', STAFF_PATHS.contentEvents, event],
      ['PUT', STAFF_PATHS.contentEvent(1), event],
      ['DELETE', STAFF_PATHS.contentEvent(1)],
    ];
    const callers: [string, Record<string, string>, number][] = [
      ['visitor', {}, 401],
      ['patron', await as('ana'), 403],
      ['cataloguing', await as('equipe.catalogacao'), 403],
      ['circulation', await as('equipe.circulacao'), 403],
    ];
    const hoursBefore = await publicGet(API_PATHS.openingHours);
    for (const [who, headers, status] of callers) {
      for (const [method, url, payload] of calls) {
        const answer = await ctx.app.inject({
          method: method as 'GET',
          url: `/api${url}`,
          headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect({ who, method, url, status: answer.statusCode }).toEqual({ who, method, url, status });
      }
    }
    expect(await publicGet(API_PATHS.openingHours)).toEqual(hoursBefore);
    const { rows } = await ctx.db.query(
      "SELECT 1 FROM staff_action WHERE target_kind IN ('opening_hours', 'institution_event')",
    );
    expect(rows).toEqual([]);
  });

  it('adds, moves and removes an open interval: the public hours show it, overlaps are refused', async () => {
    const admin = await as('equipe.admin');
    const editor = EditableOpeningHoursSchema.parse(
      (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentHours}`, headers: admin })).json(),
    );
    const library = editor.bibliotecas[0]!;
    const dayOf = async (weekday: number) => {
      const campuses = OpeningHoursSchema.parse(await publicGet(API_PATHS.openingHours));
      const shown = campuses.flatMap((c) => c.bibliotecas).find((l) => l.cod_biblioteca === library.codigo)!;
      return shown.dias.find((d) => d.dia_semana === weekday)!.intervalos;
    };
    // Sunday, closed in the demo; a late evening interval no demo library has.
    const sunday = await dayOf(7);
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api${STAFF_PATHS.contentHours}`, headers: admin, payload });
    const added = await post({ biblioteca: library.codigo, dia: 7, abre: '22:00', fecha: '23:30' });
    expect(added.statusCode).toBe(201);
    const entry = EditableOpeningHoursEntrySchema.parse(added.json());
    expect(entry).toMatchObject({ biblioteca: library.codigo, dia: 7, abre: '22:00', fecha: '23:30' });
    expect(await dayOf(7)).toEqual([...sunday, { abertura: '22:00', fechamento: '23:30' }]);

    const refusal = async (payload: object) => {
      const answer = await post(payload);
      return { status: answer.statusCode, ...(answer.json() as { code: string; message: string }) };
    };
    expect(
      await refusal({ biblioteca: library.codigo, dia: 7, abre: '23:00', fecha: '23:45' }),
    ).toMatchObject({
      status: 422,
      code: 'HOURS_OVERLAP',
      message: 'staff.content.hours.overlap',
    });
    expect(
      await refusal({ biblioteca: library.codigo, dia: 7, abre: '12:00', fecha: '12:00' }),
    ).toMatchObject({
      status: 422,
      code: 'HOURS_CLOSE_BEFORE_OPEN',
      message: 'staff.content.hours.closesBeforeOpens',
    });
    expect(await refusal({ biblioteca: 999_999, dia: 7, abre: '10:00', fecha: '11:00' })).toMatchObject({
      status: 422,
      code: 'HOURS_UNKNOWN_LIBRARY',
      message: 'staff.content.hours.unknownLibrary',
    });
    expect(
      (await post({ biblioteca: library.codigo, dia: 8, abre: '10:00', fecha: '11:00' })).statusCode,
    ).toBe(400);
    expect(
      (await post({ biblioteca: library.codigo, dia: 7, abre: '24:00', fecha: '24:30' })).statusCode,
    ).toBe(400);

    // Moved to Saturday night (its own interval is not an overlap with itself).
    const saturday = await dayOf(6);
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api${STAFF_PATHS.contentHoursEntry(entry.codigo)}`,
      headers: admin,
      payload: { biblioteca: library.codigo, dia: 6, abre: '22:00', fecha: '23:30' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await dayOf(7)).toEqual(sunday);
    expect(await dayOf(6)).toEqual([...saturday, { abertura: '22:00', fechamento: '23:30' }]);

    const remove = () =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api${STAFF_PATHS.contentHoursEntry(entry.codigo)}`,
        headers: admin,
      });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(404);
    expect(await dayOf(6)).toEqual(saturday);

    const audit = await auditOf('opening_hours');
    expect(audit.map((a) => [a.actor_login, a.action])).toEqual([
      ['equipe.admin', 'hours.add'],
      ['equipe.admin', 'hours.edit'],
      ['equipe.admin', 'hours.remove'],
    ]);
    const interval = { library: library.codigo, opens: '22:00', closes: '23:30' };
    expect(audit[1]).toMatchObject({
      before: { ...interval, weekday: 7 },
      after: { ...interval, weekday: 6 },
    });
    expect(audit[2]).toMatchObject({ before: { ...interval, weekday: 6 }, after: null });
  });

  it('adds, rewrites and removes an event: real dates only, the end not before the start', async () => {
    const admin = await as('equipe.admin');
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api${STAFF_PATHS.contentEvents}`, headers: admin, payload });
    const publicEvents = async (language: '1' | '5' = '1') =>
      InstitutionEventsSchema.parse(
        (
          await ctx.app.inject({
            url: `/api${API_PATHS.institutionalEvents}`,
            headers: { ...bearer(await publicToken(ctx.app)), [LANGUAGE_HEADER]: language },
          })
        ).json(),
      );

    for (const [dates, code] of [
      [{ inicio: '2031-02-30T10:00:00-03:00', fim: null }, 'EVENT_DATE_INVALID'],
      [{ inicio: '2031-06-02T25:00:00-03:00', fim: null }, 'EVENT_DATE_INVALID'],
      [{ inicio: 'amanhã', fim: null }, 'EVENT_DATE_INVALID'],
      [{ inicio: '2031-06-02T14:00:00-03:00', fim: '2031-06-31T10:00:00-03:00' }, 'EVENT_DATE_INVALID'],
      [{ inicio: '2031-06-02T14:00:00-03:00', fim: '2031-06-02T13:59:00-03:00' }, 'EVENT_END_BEFORE_START'],
    ] as const) {
      const answer = await post({ ...event, ...dates });
      expect({ dates, status: answer.statusCode, code: (answer.json() as { code: string }).code }).toEqual({
        dates,
        status: 422,
        code,
      });
    }
    expect((await post({ ...event, fim: '2031-06-02T13:00:00-03:00' })).json()).toMatchObject({
      message: 'staff.content.events.endBeforeStart',
    });
    expect((await post({ ...event, link: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect(await auditOf('institution_event')).toEqual([]);

    const added = await post(event);
    expect(added.statusCode).toBe(201);
    const created = EditableEventSchema.parse(added.json());
    expect(created).toMatchObject({
      tipo: 'institucional',
      inicio: '2031-06-02T17:00:00.000Z',
      fim: '2031-06-02T20:00:00.000Z',
      pt: event.pt,
      en: event.en,
      es: null,
    });
    expect((await publicEvents()).find((e) => e.codigo === created.codigo)).toMatchObject({
      titulo: 'Oficina de normas ABNT',
      local: event.local,
    });
    expect((await publicEvents('5')).find((e) => e.codigo === created.codigo)).toMatchObject({
      titulo: 'ABNT style workshop',
    });

    // Moved to the events calendar, one day later, without an end.
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api${STAFF_PATHS.contentEvent(created.codigo)}`,
        headers: admin,
        payload,
      });
    const rewritten = { ...event, tipo: 'eventum', inicio: '2031-06-03T14:00:00-03:00', fim: null, en: null };
    expect((await put(rewritten)).statusCode).toBe(200);
    expect((await put(rewritten)).statusCode).toBe(200); // the same again: nothing logged
    expect((await publicEvents()).some((e) => e.codigo === created.codigo)).toBe(false);
    const calendar = InstitutionEventsSchema.parse(
      await publicGet(`${API_PATHS.eventsCalendar}?dataIni=2031-06-01&dataFim=2031-06-30`),
    );
    expect(calendar.find((e) => e.codigo === created.codigo)).toMatchObject({ fim: null });
    const listed = EditableEventsSchema.parse(
      (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentEvents}`, headers: admin })).json(),
    );
    expect(listed.data.find((e) => e.codigo === created.codigo)).toMatchObject({ tipo: 'eventum', en: null });

    const remove = () =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api${STAFF_PATHS.contentEvent(created.codigo)}`,
        headers: admin,
      });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(404);
    expect((await put(event)).statusCode).toBe(404);

    const audit = await auditOf('institution_event');
    expect(audit.map((a) => a.action)).toEqual(['event.add', 'event.edit', 'event.remove']);
    expect(audit[1]).toMatchObject({
      before: { tipo: 'institucional', en: event.en },
      after: { tipo: 'eventum', en: null, fim: null },
    });
    expect(audit[2]!.after).toBeNull();
  });
});

// The settings on screen (decision 0065): only the listed ones, each checked against its kind.
describe('settings editor', () => {
  it('refuses visitors, patrons and staff who are not administrators', async () => {
    for (const [headers, status] of [
      [{}, 401],
      [await as('ana'), 403],
      [await as('equipe.catalogacao'), 403],
    ] as const) {
      const answers = [
        await ctx.app.inject({ url: `/api${STAFF_PATHS.contentSettings}`, headers }),
        await ctx.app.inject({
          method: 'PUT',
          url: `/api${STAFF_PATHS.contentSetting('sigla')}`,
          headers,
          payload: { valor: 'X' },
        }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([status, status]);
    }
  });

  it('lists only the offered settings, never the token secret, and sets each within its kind', async () => {
    const admin = await as('equipe.admin');
    const listed = EditableSettingsSchema.parse(
      (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentSettings}`, headers: admin })).json(),
    );
    expect(listed.data.map((s) => s.chave)).toEqual(INSTITUTION_SETTING_KEYS);
    const { rows: secrets } = await ctx.db.query<{ key: string }>(
      "SELECT key FROM institution_setting WHERE key LIKE '\\_\\_%'",
    );
    expect(secrets.length).toBeGreaterThan(0);
    const body = JSON.stringify(listed);
    for (const { key } of secrets) expect(body).not.toContain(key);

    const put = (key: string, valor: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api${STAFF_PATHS.contentSetting(key)}`,
        headers: admin,
        payload: { valor },
      });
    expect((await put('__token_secret', 'x'.repeat(40))).statusCode).toBe(400);
    for (const [key, valor] of [
      ['alerta_dias_antes_vencimento', 31],
      ['alerta_dias_antes_vencimento', 2.5],
      ['alerta_dias_antes_vencimento', '3'],
      ['dois_fatores', 'true'],
      ['sigla', null],
      ['sigla', '   '],
      ['link_externo', 'javascript:alert(1)'],
      ['nome_area_pessoal', 'x'.repeat(61)],
    ] as const) {
      const answer = await put(key, valor);
      expect({ key, valor, status: answer.statusCode, body: answer.json() as unknown }).toMatchObject({
        key,
        valor,
        status: 422,
        body: { code: 'SETTING_INVALID', message: 'staff.content.settings.invalid' },
      });
    }

    const institution = async () =>
      InstitutionSchema.parse(
        (
          await ctx.app.inject({
            url: `/api${API_PATHS.institution}`,
            headers: bearer(await publicToken(ctx.app)),
          })
        ).json(),
      );
    expect((await put('sigla', '  UEX  ')).json()).toEqual({ chave: 'sigla', valor: 'UEX' });
    expect((await put('sigla', 'UEX')).statusCode).toBe(200); // the same again: nothing logged
    expect((await put('usaOIDC', true)).statusCode).toBe(200);
    expect((await put('link_externo', 'https://portal.ue.example/')).statusCode).toBe(200);
    expect((await put('alerta_dias_antes_vencimento', 30)).statusCode).toBe(200);
    expect(await institution()).toMatchObject({
      sigla: 'UEX',
      usaOIDC: true,
      link_externo: 'https://portal.ue.example/',
    });
    expect((await put('link_externo', null)).statusCode).toBe(200);
    expect((await institution()).link_externo).toBeNull();
    const after = EditableSettingsSchema.parse(
      (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentSettings}`, headers: admin })).json(),
    );
    expect(after.data.find((s) => s.chave === 'alerta_dias_antes_vencimento')!.valor).toBe(30);

    const { rows } = await ctx.db.query<{ target_id: string; before: unknown; after: unknown }>(
      "SELECT target_id, before, after FROM staff_action WHERE action = 'setting.set' ORDER BY id",
    );
    expect(rows.map((r) => r.target_id)).toEqual([
      'sigla',
      'usaOIDC',
      'link_externo',
      'alerta_dias_antes_vencimento',
      'link_externo',
    ]);
    expect(rows[0]!.after).toEqual({ value: 'UEX' });
    expect(rows[4]).toMatchObject({
      before: { value: 'https://portal.ue.example/' },
      after: { value: null },
    });
  });
});

// Which patron category may use each activity (decision 0065), saved whole.
describe('category permissions editor', () => {
  it('refuses visitors, patrons and staff who are not administrators', async () => {
    for (const [headers, status] of [
      [{}, 401],
      [await as('ana'), 403],
      [await as('equipe.aquisicao'), 403],
    ] as const) {
      const answers = [
        await ctx.app.inject({ url: `/api${STAFF_PATHS.contentPermissions}`, headers }),
        await ctx.app.inject({
          method: 'PUT',
          url: `/api${STAFF_PATHS.contentPermissions}`,
          headers,
          payload: { permissoes: [] },
        }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([status, status]);
    }
    const { rows } = await ctx.db.query("SELECT 1 FROM staff_action WHERE action = 'permission.set'");
    expect(rows).toEqual([]);
  });

  it("withdraws and grants activities by category in one save: the patron's permissions follow", async () => {
    const admin = await as('equipe.admin');
    const read = async () =>
      CategoryPermissionsSchema.parse(
        (await ctx.app.inject({ url: `/api${STAFF_PATHS.contentPermissions}`, headers: admin })).json(),
      );
    const put = (permissoes: { categoria: string; atividade: number }[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api${STAFF_PATHS.contentPermissions}`,
        headers: admin,
        payload: { permissoes },
      });
    const anaActivities = async () =>
      (
        (await ctx.app.inject({ url: '/api/pessoas', headers: await as('ana') })).json() as {
          authPermissions: { cod_atividade: number }[];
        }
      ).authPermissions.map((p) => p.cod_atividade);

    const before = await read();
    expect(before.categorias.map((c) => c.codigo)).toContain('01');
    expect(before.permissoes).toContainEqual({ categoria: '01', atividade: 12 });
    expect(await anaActivities()).toContain(12);

    // Undergraduates (ana's category) may no longer suggest purchases; graduates gain activity 57.
    const next = [
      ...before.permissoes.filter((p) => !(p.categoria === '01' && p.atividade === 12)),
      { categoria: '03', atividade: 57 },
    ];
    expect((await put(next)).statusCode).toBe(204);
    expect(await anaActivities()).not.toContain(12);
    const after = await read();
    expect(after.permissoes).not.toContainEqual({ categoria: '01', atividade: 12 });
    expect(after.permissoes).toContainEqual({ categoria: '03', atividade: 57 });
    expect((await put([...next].reverse())).statusCode).toBe(204); // the same set: nothing logged

    for (const pair of [
      { categoria: 'XX', atividade: 12 },
      { categoria: '01', atividade: 999_999 },
    ]) {
      const answer = await put([...next, pair]);
      expect({ pair, status: answer.statusCode, body: answer.json() as unknown }).toMatchObject({
        pair,
        status: 422,
        body: { code: 'PERMISSION_UNKNOWN', message: 'staff.content.permissions.unknown' },
      });
    }
    expect((await read()).permissoes).toEqual(after.permissoes);

    const { rows } = await ctx.db.query<{ actor_login: string; before: unknown; after: unknown }>(
      "SELECT actor_login, before, after FROM staff_action WHERE action = 'permission.set' ORDER BY id",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_login: 'equipe.admin',
      before: { withdrawn: ['01:12'] },
      after: { granted: ['03:57'] },
    });
  });
});
