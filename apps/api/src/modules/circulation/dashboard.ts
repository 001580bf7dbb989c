import type { Dashboard, Debt, Hold, PendingTitle } from '@estante/contract';
import { addDays, type Day } from './local/rules.ts';

/**
 * Institution setting: how many days before the due day a loan is "due soon", both for its alert
 * (decision 0044) and on the dashboard (decision 0046).
 */
export const DUE_SOON_SETTING = 'alerta_dias_antes_vencimento';
/** Days before the due day when the setting is absent or not a whole number from 0 to 30. */
export const DEFAULT_DUE_SOON_DAYS = 2;

/** The setting's value when it is a whole number of days from 0 to 30; the default otherwise. */
export function dueSoonDays(settings: Record<string, unknown>): number {
  const value = Number(settings[DUE_SOON_SETTING]);
  return Number.isInteger(value) && value >= 0 && value <= 30 ? value : DEFAULT_DUE_SOON_DAYS;
}

const sumCents = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;

/**
 * What needs the patron now (decision 0046), from the same answers the loans, holds and debts
 * screens show: late loans and those due within `warningDays` (today included), holds waiting on
 * the shelf, what is owed and what is still accruing, open requests and unread alerts.
 */
export function buildDashboard(input: {
  today: Day;
  warningDays: number;
  loans: readonly PendingTitle[];
  holds: readonly Hold[];
  debts: readonly Debt[];
  openRequests: number;
  unreadAlerts: number;
}): Dashboard {
  const { today, warningDays, loans, holds, debts } = input;
  const lastWarned = addDays(today, warningDays);
  // A loan in quarantine is returned: it is no longer the patron's to bring back.
  const out = loans.filter((loan) => loan.situacao !== 'quarentena');
  const late = out.filter((loan) => loan.atrasado);
  const dueSoon = out.filter((loan) => !loan.atrasado && loan.data_devolucao <= lastWarned);
  const ready = holds
    .filter((hold) => hold.situacao === 'liberada')
    .sort((a, b) => (a.prazo_retirada ?? '9999').localeCompare(b.prazo_retirada ?? '9999'));
  const owed = debts.filter((debt) => debt.valor_pendente > 0);
  return {
    emprestimos: {
      total: out.length,
      a_vencer: dueSoon.length,
      atrasados: late.length,
      dias_aviso: warningDays,
    },
    devolucoes: [...late, ...dueSoon]
      .sort((a, b) => a.data_devolucao.localeCompare(b.data_devolucao) || a.cod_emprestimo - b.cod_emprestimo)
      .map((loan) => ({
        cod_emprestimo: loan.cod_emprestimo,
        cod_acervo: loan.cod_acervo,
        titulo: loan.titulo,
        data_devolucao: loan.data_devolucao,
        atrasado: loan.atrasado,
        dias_atraso: loan.dias_atraso,
      })),
    reservas: {
      disponiveis: ready.length,
      na_fila: holds.filter((hold) => hold.situacao === 'fila').length,
    },
    reservas_disponiveis: ready.map((hold) => ({
      cod_reserva: hold.cod_reserva,
      cod_acervo: hold.cod_acervo,
      titulo: hold.titulo,
      biblioteca: hold.biblioteca,
      prazo_retirada: hold.prazo_retirada,
    })),
    debitos: {
      quantidade: owed.length,
      valor_pendente: sumCents(owed.map((debt) => debt.valor_pendente)),
      multa_em_curso: sumCents(out.map((loan) => loan.multa_em_curso?.valor ?? 0)),
    },
    solicitacoes_abertas: input.openRequests,
    alertas_nao_lidos: input.unreadAlerts,
  };
}
