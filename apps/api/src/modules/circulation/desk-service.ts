import {
  DESK_REFUSAL_KEYS,
  type CirculationRefusal,
  type DeskCheckinRequest,
  type DeskCheckoutRequest,
  type DeskHoldsShelf,
  type DeskLoan,
  type DeskPatron,
  type DeskPaymentRequest,
  type DeskRefusalCode,
  type DeskRenewRequest,
  type DeskRenewResult,
  type DeskReturn,
  type DeskSettlement,
  type DeskSuspension,
  type DeskSuspensionRequest,
  type DeskWaiverRequest,
  type Refusal,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError, ERRORS } from '../../lib/errors.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import {
  deskHold,
  deskLoan,
  deskPerson,
  findDeskCopy,
  findDeskPatron,
  holdsShelf,
  pendingOfDebt,
  type DeskCopyRow,
  type DeskPatronRecord,
} from './desk-reads.ts';
import { DeskRefusal, type DeskRefusalCode as EngineDeskRefusalCode } from './errors.ts';
import type { CirculationEngine } from './local/engine.ts';
import { patronStanding } from './local/repository.ts';
import { cents, checkoutStandingRefusal, money } from './local/rules.ts';
import type { CirculationService } from './service.ts';

// Every refusal the engine gives the desk has its words in the contract (a compile-time check).
const ENGINE_REFUSALS_WORDED: Record<EngineDeskRefusalCode, string> = DESK_REFUSAL_KEYS;
void ENGINE_REFUSALS_WORDED;

/** A desk refusal as the HTTP answer: 422, its code, and the translation key as the message. */
export function deskRefusal(code: DeskRefusalCode): AppError {
  return ERRORS.rule(code, DESK_REFUSAL_KEYS[code]);
}

function isDeskCode(code: string): code is DeskRefusalCode {
  return Object.hasOwn(DESK_REFUSAL_KEYS, code);
}

/**
 * The engine's refusals in the desk's words: its desk refusals (409 for the command) and the
 * patron's standing (worded for the patron) become 422s the screen shows in place.
 */
export function asDeskError(error: unknown): unknown {
  if (error instanceof DeskRefusal) return deskRefusal(error.deskCode);
  if (error instanceof AppError && error.statusCode === 422 && isDeskCode(error.code))
    return deskRefusal(error.code);
  return error;
}

/** A refusal inside an answer (a loan not renewed), in the desk's words where they differ. */
function presentDeskRefusal(reason: CirculationRefusal | null): Refusal | null {
  if (!reason) return null;
  return {
    codigo: reason.code,
    mensagem: isDeskCode(reason.code) ? DESK_REFUSAL_KEYS[reason.code] : reason.key,
  };
}

const library = (row: DeskCopyRow) => ({ cod_biblioteca: row.libraryId, desc_biblioteca: row.libraryName });
const copyOf = (row: DeskCopyRow) => ({
  cod_exemplar: row.copyId,
  numero_exemplar: row.copyNumber,
  biblioteca: library(row),
  cod_acervo: row.titleId,
  titulo: row.title,
  autor: row.author,
});
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/**
 * The circulation desk's use cases (decision 0058): `estante desk` over HTTP, on the same engine and
 * its rules and locks. The engine records each change in the circulation log in its own
 * transaction, under the actor `staff:<login>` of the signed-in member; the staff audit entry is
 * written right after the engine's call returns, with the engine's result as `after`.
 */
export function createDeskService(options: {
  db: Db;
  clock: Clock;
  engine: CirculationEngine;
  service: CirculationService;
}) {
  const { db, clock, engine, service } = options;
  const engineActor = (actor: StaffActor) => `staff:${actor.login}`;

  async function patronOf(key: string, language: ServerLanguage): Promise<DeskPatronRecord> {
    const lookup = await findDeskPatron(db, key.trim(), language);
    if ('found' in lookup) return lookup.found;
    throw deskRefusal(lookup.missing === 'NOT_FOUND' ? 'PATRON_NOT_FOUND' : 'PATRON_AMBIGUOUS');
  }

  async function copyIdOf(key: string): Promise<number> {
    const lookup = await findDeskCopy(db, key.trim());
    if ('found' in lookup) return lookup.found.id;
    throw deskRefusal(lookup.missing === 'NOT_FOUND' ? 'COPY_NOT_FOUND' : 'COPY_AMBIGUOUS');
  }

  async function settlement(patronId: number, settled: number[]): Promise<DeskSettlement> {
    const debts = await service.debts(patronId);
    return {
      quitados: settled,
      total_devido: money(debts.reduce((sum, d) => sum + cents(d.valor_pendente), 0)),
      debitos: debts,
    };
  }

  /** Runs an engine call, turning its refusals into the desk's. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw asDeskError(error);
    }
  }

  return {
    /** The patron at the desk, by login or card number, with all they have open. */
    async patron(key: string, language: ServerLanguage): Promise<DeskPatron> {
      const patron = await patronOf(key, language);
      const [loans, holds, debts, suspensions, standing] = await Promise.all([
        service.pendingTitles(patron.id, true),
        service.holds(patron.id),
        service.debts(patron.id),
        service.suspensions(patron.id),
        patronStanding(db, patron.id, engine.today()),
      ]);
      const refused = checkoutStandingRefusal(standing);
      return {
        login: patron.login,
        nome: patron.name,
        categoria: patron.categoryLabel,
        pode_emprestar: refused === null,
        motivo: presentDeskRefusal(refused),
        emprestimos: loans,
        reservas: holds,
        debitos: debts,
        afastamentos: suspensions,
        total_devido: money(standing.debtCents),
      };
    },

    /** Lends the scanned copy to the patron. */
    async checkout(
      actor: StaffActor,
      body: DeskCheckoutRequest,
      language: ServerLanguage,
    ): Promise<DeskLoan> {
      const patron = await patronOf(body.leitor, language);
      const copyId = await copyIdOf(body.exemplar);
      const result = await guarded(() =>
        engine.checkout({
          patronId: patron.id,
          copyId,
          actor: engineActor(actor),
          ...(body.data_devolucao ? { dueOn: body.data_devolucao } : {}),
        }),
      );
      const loan = (await deskLoan(db, result.loanId))!;
      const answer: DeskLoan = {
        ...copyOf(loan),
        cod_emprestimo: loan.loanId,
        leitor: { login: patron.login, nome: patron.name },
        data_emprestimo: iso(loan.loanedAt)!,
        data_devolucao: result.dueOn,
        reserva_atendida: result.fulfilledHoldId !== null,
      };
      await recordStaffAction(db, {
        actor,
        action: 'loan.checkout',
        target: { kind: 'loan', id: result.loanId },
        before: null,
        after: {
          leitor: patron.login,
          exemplar: loan.copyNumber,
          cod_exemplar: loan.copyId,
          data_devolucao: result.dueOn,
          reserva_atendida: result.fulfilledHoldId,
          solicitacao_finalizada: result.finishedRequestId,
        },
        at: clock.now(),
      });
      return answer;
    },

    /** Takes the scanned copy back: fine, suspension, and where the copy goes now. */
    async checkin(actor: StaffActor, body: DeskCheckinRequest): Promise<DeskReturn> {
      const copyId = await copyIdOf(body.exemplar);
      const result = await guarded(() => engine.checkin({ copyId, actor: engineActor(actor) }));
      const [loan, person, hold] = await Promise.all([
        deskLoan(db, result.loanId),
        deskPerson(db, result.patronId),
        result.releasedHoldId === null ? Promise.resolve(null) : deskHold(db, result.releasedHoldId),
      ]);
      const answer: DeskReturn = {
        ...copyOf(loan!),
        cod_emprestimo: result.loanId,
        leitor: { login: person.login, nome: person.name },
        data_devolucao: loan!.dueOn,
        devolvido_em: iso(loan!.returnedAt) ?? clock.now().toISOString(),
        dias_atraso: result.lateDays,
        multa: money(result.fineCents),
        afastamento: result.suspension
          ? {
              data_inicio: result.suspension.startsOn,
              data_fim: result.suspension.endsOn,
              dias: result.suspension.days,
            }
          : null,
        destino: result.next,
        reserva:
          result.releasedHoldId !== null && hold
            ? {
                cod_reserva: result.releasedHoldId,
                leitor: { login: hold.login, nome: hold.name },
                prazo_retirada: hold.pickupDeadline,
              }
            : null,
      };
      await recordStaffAction(db, {
        actor,
        action: 'loan.checkin',
        target: { kind: 'loan', id: result.loanId },
        before: { leitor: person.login, cod_exemplar: result.copyId, data_devolucao: answer.data_devolucao },
        after: {
          dias_atraso: result.lateDays,
          multa: answer.multa,
          cod_debito: result.debtId,
          afastamento: answer.afastamento,
          destino: result.next,
          reserva: answer.reserva && {
            cod_reserva: answer.reserva.cod_reserva,
            leitor: answer.reserva.leitor.login,
          },
        },
        at: clock.now(),
      });
      return answer;
    },

    /** Renews the patron's loans named; each answers for itself. */
    async renew(
      actor: StaffActor,
      body: DeskRenewRequest,
      language: ServerLanguage,
    ): Promise<DeskRenewResult> {
      const patron = await patronOf(body.leitor, language);
      const ids = [...new Set(body.emprestimos)];
      const before = new Map(
        (await Promise.all(ids.map((id) => deskLoan(db, id)))).flatMap((row) =>
          row ? [[row.loanId, row] as const] : [],
        ),
      );
      const outcomes = await guarded(() => engine.renew(patron.id, ids, engineActor(actor)));
      const renewed = outcomes.filter((o) => o.renewed);
      if (renewed.length > 0)
        await recordStaffAction(db, {
          actor,
          action: 'loan.renew',
          target: { kind: 'patron', id: patron.login },
          before: {
            emprestimos: renewed.map((o) => ({
              cod_emprestimo: o.loanId,
              data_devolucao: before.get(o.loanId)?.dueOn ?? null,
            })),
          },
          after: {
            emprestimos: renewed.map((o) => ({
              cod_emprestimo: o.loanId,
              data_devolucao: o.dueOn,
              renovacoes: o.renewals,
            })),
          },
          at: clock.now(),
        });
      return {
        resultados: outcomes.map((o) => ({
          cod_emprestimo: o.loanId,
          titulo: before.get(o.loanId)?.title ?? null,
          renovado: o.renewed,
          data_devolucao: o.dueOn,
          renovacoes: o.renewals,
          motivo: presentDeskRefusal(o.refusal),
        })),
      };
    },

    /** The holds shelf: copies waiting for their patrons, nearest pickup deadline first. */
    async holdsShelf(): Promise<DeskHoldsShelf> {
      const today = engine.today();
      return {
        hoje: today,
        data: (await holdsShelf(db)).map((row) => ({
          cod_reserva: row.holdId,
          cod_acervo: row.titleId,
          titulo: row.title,
          cod_exemplar: row.copyId,
          numero_exemplar: row.copyNumber,
          biblioteca: library(row),
          leitor: { login: row.login, nome: row.name },
          data_liberacao: iso(row.releasedAt),
          prazo_retirada: row.pickupDeadline,
          vence_hoje: row.pickupDeadline <= today,
        })),
      };
    },

    /** Records a payment, oldest debt first unless one is named. */
    async pay(
      actor: StaffActor,
      body: DeskPaymentRequest,
      language: ServerLanguage,
    ): Promise<DeskSettlement> {
      const patron = await patronOf(body.leitor, language);
      const amountCents = cents(body.valor);
      const result = await guarded(() =>
        engine.pay({
          patronId: patron.id,
          amountCents,
          ...(body.cod_debito ? { debtId: body.cod_debito } : {}),
          actor: engineActor(actor),
        }),
      );
      await recordStaffAction(db, {
        actor,
        action: 'debt.pay',
        target: { kind: 'patron', id: patron.login },
        before: { devido: money(result.leftCents + amountCents) },
        after: {
          valor: money(amountCents),
          cod_debito: body.cod_debito ?? null,
          quitados: result.settled,
          devido: money(result.leftCents),
        },
        at: clock.now(),
      });
      return settlement(patron.id, result.settled);
    },

    /** Waives one debt: a discount of all that is left of it, with the reason written to the audit log. */
    async waive(
      actor: StaffActor,
      body: DeskWaiverRequest,
      language: ServerLanguage,
    ): Promise<DeskSettlement> {
      if (body.motivo.trim() === '') throw deskRefusal('REASON_REQUIRED');
      const patron = await patronOf(body.leitor, language);
      const pending = await pendingOfDebt(db, patron.id, body.cod_debito);
      if (pending === null) throw deskRefusal('DEBT_NOT_FOUND');
      if (pending <= 0) throw deskRefusal('NOTHING_DUE');
      // Paid or waived meanwhile by another desk: the engine finds less owed and refuses.
      const result = await guarded(() =>
        engine.pay({
          patronId: patron.id,
          amountCents: 0,
          discountCents: pending,
          debtId: body.cod_debito,
          actor: engineActor(actor),
        }),
      );
      await recordStaffAction(db, {
        actor,
        action: 'debt.waive',
        target: { kind: 'debt', id: body.cod_debito },
        before: { leitor: patron.login, pendente: money(pending) },
        after: { desconto: money(pending), pendente: 0, motivo: body.motivo.trim() },
        at: clock.now(),
      });
      return settlement(patron.id, result.settled);
    },

    /** Suspends the patron for some days, after any suspension already running. */
    async suspend(
      actor: StaffActor,
      body: DeskSuspensionRequest,
      language: ServerLanguage,
    ): Promise<DeskSuspension> {
      if (body.motivo.trim() === '') throw deskRefusal('REASON_REQUIRED');
      const patron = await patronOf(body.leitor, language);
      const period = await guarded(() =>
        engine.suspend({
          patronId: patron.id,
          days: body.dias,
          reason: body.motivo.trim(),
          actor: engineActor(actor),
        }),
      );
      const answer = { data_inicio: period.startsOn, data_fim: period.endsOn, dias: body.dias };
      await recordStaffAction(db, {
        actor,
        action: 'patron.suspend',
        target: { kind: 'patron', id: patron.login },
        before: null,
        after: { ...answer, motivo: body.motivo.trim() },
        at: clock.now(),
      });
      return answer;
    },
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
