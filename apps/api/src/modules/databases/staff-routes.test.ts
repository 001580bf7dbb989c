import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  EditableResearchDatabaseSchema,
  EditableResearchDatabasesSchema,
  ResearchDatabasesSchema,
  STAFF_PATHS,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { writeSetting } from '../institution/index.ts';
import { PROXY_SETTING } from './presenters.ts';

// The research databases edited in the staff workspace (decision 0063): the administrator adds,
// rewrites and removes; patrons read each change, and the audit log keeps it.

describe('research databases editor', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeEach(async () => {
    ctx = await buildTestApp({ clock: testClock(new Date('2031-05-10T12:00:00Z')) });
  });
  afterEach(() => ctx.close());

  const as = async (login: string, password = `estante-${login.replace('.', '-')}`) =>
    bearer((await signIn(ctx.app, login, password)).access_token);
  const base = {
    nome: 'Biblioteca Virtual em Saúde',
    descricao: 'Literatura científica em saúde da América Latina.',
    areas: ['Saúde'],
    link: 'https://bvsalud.org/',
    assinada: false,
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  it('refuses visitors, patrons and staff who are not administrators on every call', async () => {
    const callers: [string, Record<string, string>, number][] = [
      ['visitor', {}, 401],
      ['patron', await as('ana'), 403],
      ['cataloguing', await as('equipe.catalogacao'), 403],
      ['acquisitions', await as('equipe.aquisicao'), 403],
    ];
    for (const [who, headers, status] of callers) {
      const answers = [
        await call('GET', STAFF_PATHS.contentDatabases, headers),
        await call('POST', STAFF_PATHS.contentDatabases, headers, base),
        await call('PUT', STAFF_PATHS.contentDatabase(1), headers, base),
        await call('DELETE', STAFF_PATHS.contentDatabase(1), headers),
      ];
      expect({ who, statuses: answers.map((a) => a.statusCode) }).toEqual({
        who,
        statuses: [status, status, status, status],
      });
    }
    const { rows } = await ctx.db.query("SELECT 1 FROM staff_action WHERE target_kind = 'research_database'");
    expect(rows).toEqual([]);
  });

  it('adds, rewrites and removes a database: patrons read each change, the audit log keeps it', async () => {
    const admin = await as('equipe.admin');
    const patron = await as('ana');
    const patronList = async () =>
      ResearchDatabasesSchema.parse((await call('GET', API_PATHS.researchDatabases, patron)).json()).bases;
    await writeSetting(ctx.db, PROXY_SETTING, 'https://proxy.example/login?url=');

    const added = await call('POST', STAFF_PATHS.contentDatabases, admin, base);
    expect(added.statusCode).toBe(201);
    const created = EditableResearchDatabaseSchema.parse(added.json());
    expect((await patronList()).find((b) => b.codigo === created.codigo)).toMatchObject({
      nome: base.nome,
      link: 'https://bvsalud.org/',
      acesso_remoto: false,
    });

    // Subscribed now: patrons get the proxied address, the editor keeps the database's own.
    const rewritten = { ...base, assinada: true, areas: ['Saúde', 'Medicina'] };
    expect(
      (await call('PUT', STAFF_PATHS.contentDatabase(created.codigo), admin, rewritten)).statusCode,
    ).toBe(200);
    expect((await patronList()).find((b) => b.codigo === created.codigo)).toMatchObject({
      link: 'https://proxy.example/login?url=https://bvsalud.org/',
      acesso_remoto: true,
      areas: ['Saúde', 'Medicina'],
    });
    const editor = EditableResearchDatabasesSchema.parse(
      (await call('GET', STAFF_PATHS.contentDatabases, admin)).json(),
    );
    expect(editor.data.find((b) => b.codigo === created.codigo)).toMatchObject({
      link: 'https://bvsalud.org/',
      assinada: true,
    });

    // A name another database has is refused, in words the web app translates.
    const taken = await call('PUT', STAFF_PATHS.contentDatabase(created.codigo), admin, {
      ...rewritten,
      nome: 'SciELO Brasil',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      code: 'DATABASE_NAME_TAKEN',
      message: 'staff.content.databases.nameTaken',
    });
    expect((await call('POST', STAFF_PATHS.contentDatabases, admin, base)).statusCode).toBe(422);
    // An address that is not http(s) never reaches the list.
    expect(
      (
        await call('POST', STAFF_PATHS.contentDatabases, admin, {
          ...base,
          nome: 'X',
          link: 'javascript:alert(1)',
        })
      ).statusCode,
    ).toBe(400);

    expect((await call('DELETE', STAFF_PATHS.contentDatabase(created.codigo), admin)).statusCode).toBe(204);
    expect((await patronList()).some((b) => b.codigo === created.codigo)).toBe(false);
    expect((await call('DELETE', STAFF_PATHS.contentDatabase(created.codigo), admin)).statusCode).toBe(404);

    const { rows } = await ctx.db.query<{
      actor_login: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      "SELECT actor_login, action, before, after FROM staff_action WHERE target_kind = 'research_database' AND target_id = $1 ORDER BY id",
      [String(created.codigo)],
    );
    expect(rows.map((r) => [r.actor_login, r.action])).toEqual([
      ['equipe.admin', 'database.add'],
      ['equipe.admin', 'database.edit'],
      ['equipe.admin', 'database.remove'],
    ]);
    expect(rows[1]).toMatchObject({
      before: { subscribed: false },
      after: { subscribed: true, areas: ['Saúde', 'Medicina'] },
    });
    expect(rows[2]).toMatchObject({ before: { name: base.nome }, after: null });
  });
});
