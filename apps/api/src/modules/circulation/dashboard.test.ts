import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSchema } from '@estante/contract';
import { buildTestApp, publicToken } from '../../testing/build-test-app.ts';
import { bearer, signIn, testClock } from '../identity/testing.ts';
import { writeSetting } from '../institution/index.ts';
import { createCirculationEngine, type CirculationEngine } from './local/engine.ts';
import { makeLibrary, makePatron, makeTitle, pickupDesk, setRules, testRule } from './testing.ts';

const DAY = 86_400; // seconds: the test clock advances by seconds

describe('GET /pessoas/meu-pergamum/painel (decision 0046)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let engine: CirculationEngine;
  const clock = testClock(new Date('2026-03-02T12:00:00Z'));
  const staff = 'staff:test';
  let ana: { id: number; headers: Record<string, string> };
  let bia: { id: number; headers: Record<string, string> };

  const dashboard = async (who: { headers: Record<string, string> }) => {
    const response = await ctx.app.inject({ url: '/api/pessoas/meu-pergamum/painel', headers: who.headers });
    expect(response.statusCode).toBe(200);
    return DashboardSchema.parse(response.json());
  };

  beforeAll(async () => {
    ctx = await buildTestApp({ clock, userTokenTtlSeconds: 365 * DAY });
    engine = createCirculationEngine({ db: ctx.db, clock, timeZone: 'America/Sao_Paulo' });
    const library = await makeLibrary(ctx.db);
    await setRules(ctx.db, [
      testRule({ loanDays: 7, maxHolds: 3, maxRequests: 2, finePerDayCents: 150 }),
      testRule({ loanType: 'Longo', loanDays: 14, finePerDayCents: 150 }),
    ]);
    const signed = async () => {
      const p = await makePatron(ctx.db);
      const { access_token } = await signIn(ctx.app, p.login, p.password);
      return { id: p.id, headers: bearer(access_token) };
    };
    [ana, bia] = [await signed(), await signed()];
    const at = (libraryId: number) => [{ libraryId }];

    // On the 2nd Ana borrows two books due on the 9th and asks for a loan; Bia borrows two that Ana
    // holds. On the 4th Ana borrows one for 14 days (due the 18th), on the 8th one due the 15th. On the
    // 11th she returns one of the late ones (a R$ 3.00 debt) and Bia returns one of the held ones, so
    // Ana's hold is on the shelf. Today is the 13th: the other late one runs up R$ 6.00.
    const returned = await makeTitle(ctx.db, 'Iracema', at(library.id));
    await engine.checkout({ patronId: ana.id, copyId: returned.copyIds[0]!, actor: staff });
    const late = await makeTitle(ctx.db, 'Quincas Borba', at(library.id));
    await engine.checkout({ patronId: ana.id, copyId: late.copyIds[0]!, actor: staff });
    const ready = await makeTitle(ctx.db, 'Dom Casmurro', at(library.id));
    await engine.checkout({ patronId: bia.id, copyId: ready.copyIds[0]!, actor: staff });
    await engine.placeHold(ana.id, { cod_acervo: ready.titleId, biblioteca: library.id }, staff);
    const queued = await makeTitle(ctx.db, 'Senhora', at(library.id));
    await engine.checkout({ patronId: bia.id, copyId: queued.copyIds[0]!, actor: staff });
    await engine.placeHold(ana.id, { cod_acervo: queued.titleId, biblioteca: library.id }, staff);
    const deskId = await pickupDesk(ctx.db, library.id);
    const toRequest = await makeTitle(ctx.db, 'Vidas secas', at(library.id));
    await engine.requestLoan(
      ana.id,
      toRequest.titleId,
      {
        biblioteca_origem: library.id,
        biblioteca_recebimento: library.id,
        cod_local_recebimento: deskId,
        email: 'ana@teste.estante.example',
        telefone: '(11) 5555-1234',
        pessoa_autorizada: null,
        domicilio: false,
        recebimento_textual: null,
        volume: null,
        tomo: null,
        parte: null,
        material_adicional: null,
      },
      staff,
    );
    clock.advance(2 * DAY); // the 4th
    const later = await makeTitle(ctx.db, 'Memórias', [{ libraryId: library.id, loanType: 'Longo' }]);
    await engine.checkout({ patronId: ana.id, copyId: later.copyIds[0]!, actor: staff });
    clock.advance(4 * DAY); // the 8th
    const soon = await makeTitle(ctx.db, 'O Cortiço', at(library.id));
    await engine.checkout({ patronId: ana.id, copyId: soon.copyIds[0]!, actor: staff });
    clock.advance(3 * DAY); // the 11th
    await engine.checkin({ copyId: returned.copyIds[0]!, actor: staff });
    await engine.checkin({ copyId: ready.copyIds[0]!, actor: staff });
    clock.advance(2 * DAY); // the 13th
  });
  afterAll(() => ctx.close());

  it('gathers what needs the patron now: late and soon-due loans, holds to pick up, what is owed and accruing, open requests', async () => {
    const mine = await dashboard(ana);
    expect(mine.emprestimos).toEqual({ total: 3, a_vencer: 1, atrasados: 1, dias_aviso: 2 });
    expect(mine.devolucoes.map((l) => [l.titulo, l.data_devolucao, l.atrasado, l.dias_atraso])).toEqual([
      ['Quincas Borba', '2026-03-09', true, 4],
      ['O Cortiço', '2026-03-15', false, 0],
    ]);
    expect(mine.reservas).toEqual({ disponiveis: 1, na_fila: 1 });
    expect(mine.reservas_disponiveis).toHaveLength(1);
    expect(mine.reservas_disponiveis[0]).toMatchObject({ titulo: 'Dom Casmurro' });
    expect(mine.reservas_disponiveis[0]!.prazo_retirada! >= '2026-03-13').toBe(true);
    expect(mine.debitos).toEqual({ quantidade: 1, valor_pendente: 3, multa_em_curso: 6 });
    expect(mine.solicitacoes_abertas).toBe(1);
    // The same count as the header's (the hold on the shelf wrote one, at least).
    const unread = await ctx.app.inject({ url: '/api/solicitacoes/alertas/nao-lidos', headers: ana.headers });
    expect(mine.alertas_nao_lidos).toBe(unread.json().quantidade);
    expect(mine.alertas_nao_lidos).toBeGreaterThan(0);
  });

  it("counts a loan as due soon by the institution's warning days", async () => {
    await writeSetting(ctx.db, 'alerta_dias_antes_vencimento', 7);
    const mine = await dashboard(ana);
    expect(mine.emprestimos).toMatchObject({ a_vencer: 2, dias_aviso: 7 });
    expect(mine.devolucoes.map((l) => l.titulo)).toEqual(['Quincas Borba', 'O Cortiço', 'Memórias']);
    await writeSetting(ctx.db, 'alerta_dias_antes_vencimento', 'muitos');
    expect((await dashboard(ana)).emprestimos.dias_aviso).toBe(2);
  });

  it("shows another patron only their own (Bia has nothing of Ana's), and a visitor nothing", async () => {
    const theirs = await dashboard(bia);
    expect(theirs.emprestimos).toEqual({ total: 1, a_vencer: 0, atrasados: 1, dias_aviso: 2 });
    expect(theirs.devolucoes.map((l) => l.titulo)).toEqual(['Senhora']);
    expect(theirs.reservas).toEqual({ disponiveis: 0, na_fila: 0 });
    // Her own: Dom Casmurro came back 2 days late, Senhora is 4 days late.
    expect(theirs.debitos).toEqual({ quantidade: 1, valor_pendente: 3, multa_em_curso: 6 });
    expect(theirs.solicitacoes_abertas).toBe(0);
    const visitor = await ctx.app.inject({
      url: '/api/pessoas/meu-pergamum/painel',
      headers: bearer(await publicToken(ctx.app)),
    });
    expect(visitor.statusCode).toBe(401);
  });
});
