import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY, AUTH_MODULE, UserSessionSchema } from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { bearer, signIn } from './testing.ts';

/** The personal-area menu's activities (decision 0028), as migration 0017 grants them. */
const MENU_ACTIVITIES = [
  ACTIVITY.PERSONAL_AREA_LOANS,
  ACTIVITY.PERSONAL_AREA_RENEWAL,
  ACTIVITY.PERSONAL_AREA_DEBTS,
  ACTIVITY.PERSONAL_AREA_SUSPENSIONS,
  ACTIVITY.PERSONAL_AREA_NO_DEBTS,
  ACTIVITY.PERSONAL_AREA_LOAN_HISTORY,
  ACTIVITY.PERSONAL_AREA_HOLDS,
  ACTIVITY.PERSONAL_AREA_LOAN_REQUESTS,
  ACTIVITY.PERSONAL_AREA_INTERLIBRARY,
  ACTIVITY.PERSONAL_AREA_LOAN_TOKEN,
];

describe('personal-area menu activities (migration 0017)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const sessionOf = async (login: string, language?: string) => {
    const { access_token } = await signIn(ctx.app, login, `estante-${login}`);
    const response = await ctx.app.inject({
      url: '/api/pessoas',
      headers: { ...bearer(access_token), ...(language ? { idioma: language } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return UserSessionSchema.parse(response.json());
  };

  it('are ten activities of their own, each described in pt, en and es', async () => {
    expect(new Set(MENU_ACTIVITIES).size).toBe(10);
    const { rows } = await ctx.db.query<{ code: number; description_pt: string; description_en: string }>(
      'SELECT code, description_pt, description_en FROM activity WHERE code = ANY($1::int[]) ORDER BY code',
      [MENU_ACTIVITIES],
    );
    expect(rows.map((row) => row.code)).toEqual(MENU_ACTIVITIES);
    // ON CONFLICT DO NOTHING would keep an older activity's text: each row must be the menu item's own.
    expect(rows.find((row) => row.code === ACTIVITY.PERSONAL_AREA_RENEWAL)).toMatchObject({
      description_pt: 'Renovação',
      description_en: 'Renewal',
    });
  });

  it("are in the session's authPermissions, module 1, with their description in the caller's language", async () => {
    // Ana is an undergraduate (01), Elisa staff (07): different categories, the same menu.
    for (const login of ['ana', 'elisa']) {
      const session = await sessionOf(login);
      const menu = session.authPermissions.filter((p) =>
        (MENU_ACTIVITIES as number[]).includes(p.cod_atividade),
      );
      expect(menu.map((p) => p.cod_atividade).sort((a, b) => a - b)).toEqual(MENU_ACTIVITIES);
      expect(menu.every((p) => p.cod_modulo === AUTH_MODULE.CONSULTATION)).toBe(true);
      // The personal area itself (8) is still there.
      expect(session.authPermissions.map((p) => p.cod_atividade)).toContain(ACTIVITY.PERSONAL_AREA);
    }
    const pt = await sessionOf('ana');
    expect(pt.authPermissions).toContainEqual({
      cod_modulo: 1,
      cod_atividade: ACTIVITY.PERSONAL_AREA_LOANS,
      descricao: 'Empréstimos',
    });
    const en = await sessionOf('ana', '5');
    expect(en.authPermissions).toContainEqual({
      cod_modulo: 1,
      cod_atividade: ACTIVITY.PERSONAL_AREA_LOAN_TOKEN,
      descricao: 'Loan token',
    });
    const es = await sessionOf('ana', '3');
    expect(es.authPermissions).toContainEqual({
      cod_modulo: 1,
      cod_atividade: ACTIVITY.PERSONAL_AREA_LOAN_HISTORY,
      descricao: 'Historial de préstamos',
    });
  });

  it('are granted to every patron category', async () => {
    const { rows } = await ctx.db.query<{ code: string; granted: number }>(
      `SELECT c.code, count(cp.activity_code)::int AS granted
         FROM patron_category c
         LEFT JOIN category_permission cp
           ON cp.category_code = c.code AND cp.module_code = 1 AND cp.activity_code BETWEEN 801 AND 810
        GROUP BY c.code ORDER BY c.code`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(11);
    expect(rows.filter((row) => row.granted !== 10)).toEqual([]);
  });

  it("an item taken from a category leaves that category's sessions, and only theirs", async () => {
    await ctx.db.query("DELETE FROM category_permission WHERE category_code = '07' AND activity_code = $1", [
      ACTIVITY.PERSONAL_AREA_LOAN_TOKEN,
    ]);
    const elisa = await sessionOf('elisa');
    const ana = await sessionOf('ana');
    expect(elisa.authPermissions.map((p) => p.cod_atividade)).not.toContain(
      ACTIVITY.PERSONAL_AREA_LOAN_TOKEN,
    );
    expect(elisa.authPermissions.map((p) => p.cod_atividade)).toContain(ACTIVITY.PERSONAL_AREA_LOANS);
    expect(ana.authPermissions.map((p) => p.cod_atividade)).toContain(ACTIVITY.PERSONAL_AREA_LOAN_TOKEN);
  });
});
