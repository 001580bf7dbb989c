import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  EditableFaqEntrySchema,
  EditableActivitiesSchema,
  EditableFaqSchema,
  EditableInstitutionPagesSchema,
  FaqSchema,
  InstitutionPageSchema,
  LANGUAGE_HEADER,
  STAFF_PATHS,
} from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';

// The FAQ edited in the staff workspace (decision 0063): the administrator adds, rewrites, moves
// and removes entries; the public FAQ shows each change at once, and the audit log keeps each one.

describe('FAQ editor', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeEach(async () => {
    ctx = await buildTestApp({ clock: testClock(new Date('2031-05-10T12:00:00Z')) });
  });
  afterEach(() => ctx.close());

  const as = async (login: string, password = `estante-${login.replace('.', '-')}`) =>
    bearer((await signIn(ctx.app, login, password)).access_token);
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
