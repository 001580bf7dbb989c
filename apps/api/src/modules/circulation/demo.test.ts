import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DebtsSchema,
  HoldsSchema,
  LoanRequestsSchema,
  PendingTitlesSchema,
  SuspensionsSchema,
} from '@estante/contract';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { bearer, signIn } from '../identity/testing.ts';
import { circulationViolations } from './invariants.ts';
import { openCirculationEngine } from './jobs.ts';

// The demo library's circulation (seeded through the engine when the demo loads): what the demo
// logins show in their personal area.

describe('demo circulation', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  const get = async (login: string, url: string) => {
    const { access_token } = await signIn(ctx.app, login, `estante-${login}`);
    return (await ctx.app.inject({ url: `/api${url}`, headers: bearer(access_token) })).json();
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('gives Ana loans, one of them late, and a hold waiting in the queue', async () => {
    const loans = PendingTitlesSchema.parse(await get('ana', '/emprestimo/titulos-pendentes'));
    expect(loans).toHaveLength(3);
    expect(loans.filter((l) => l.atrasado)).toHaveLength(1);
    expect(loans.filter((l) => l.renovacoes === 1)).toHaveLength(1);
    const holds = HoldsSchema.parse(await get('ana', '/reserva'));
    expect(holds.map((h) => [h.situacao, h.posicao_fila])).toEqual([['fila', 1]]);
  });

  it('shows Ana the fine her late loan is running up, not final, while her debts list has nothing charged', async () => {
    const loans = PendingTitlesSchema.parse(await get('ana', '/emprestimo/titulos-pendentes'));
    // Lent ten days ago for seven at R$ 1.00 a day: three days late, fewer when the due day fell on a
    // day the library is closed and moved to the next open one.
    const late = loans.filter((l) => l.atrasado);
    expect(late).toHaveLength(1);
    const days = late[0]!.dias_atraso;
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThanOrEqual(3);
    expect(late[0]!.multa_em_curso).toEqual({
      valor: days,
      valor_por_dia: 1,
      valor_maximo: null,
      dias_atraso: days,
      provisoria: true,
    });
    expect(loans.filter((l) => !l.atrasado).map((l) => l.multa_em_curso)).toEqual([null, null]);
    expect(DebtsSchema.parse(await get('ana', '/emprestimo/debitos-pendentes'))).toEqual([]);
  });

  it('gives Bruno an unpaid fine, Carla a hold waiting at the desk, Diego a suspension and Elisa a loan request', async () => {
    const debts = DebtsSchema.parse(await get('bruno', '/emprestimo/debitos-pendentes'));
    expect(debts.map((d) => [d.tipo_servico, d.valor_pendente > 0])).toEqual([['multa_atraso', true]]);
    const carla = HoldsSchema.parse(await get('carla', '/reserva'));
    expect(carla.map((h) => h.situacao)).toEqual(['liberada']);
    const diego = SuspensionsSchema.parse(await get('diego', '/pessoas/afastamentos'));
    expect(diego.filter((s) => s.ativo).map((s) => s.origem)).toEqual(['balcao']);
    expect(diego.some((s) => s.origem === 'atraso')).toBe(true);
    const elisa = LoanRequestsSchema.parse(await get('elisa', '/solicitacao-emprestimo'));
    expect(elisa.map((r) => r.situacao)).toEqual(['aguardando']);
  });

  it('backs every lent, late, held and quarantined copy of the catalogue with the engine’s state', async () => {
    const engine = await openCirculationEngine({ db: ctx.db, clock: { now: () => new Date() } });
    await engine.sweep();
    expect(await circulationViolations(ctx.db, { today: engine.today() })).toEqual([]);
    const { rows } = await ctx.db.query<{ status: string }>(
      "SELECT DISTINCT status FROM copy WHERE status IN ('emprestado', 'atrasado', 'reservado', 'quarentena') ORDER BY 1",
    );
    expect(rows.map((r) => r.status)).toEqual(['atrasado', 'emprestado', 'quarentena', 'reservado']);
  });
});
