import {
  REQUEST_TYPES,
  STAFF_PATRONS_PAGE_SIZE,
  type StaffPatron,
  type StaffPatronBlock,
  type StaffPatronImport,
  type StaffPatronResetCode,
  type StaffPatronSearch,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import type { CirculationService } from '../circulation/index.ts';
import { revokeOtherSessions } from '../identity/repository.ts';
import { createRecoveryService } from '../identity/recovery-service.ts';
import { importUsers, UserCsvHeaderError } from '../identity/users.ts';
import { ownRequests } from '../requests/index.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import { PATRON_ERRORS } from './errors.ts';
import { auditedBlock, presentBlock, presentPatronSummary } from './presenters.ts';
import { clearBlock, findPatronByLogin, searchPatrons, setBlock } from './repository.ts';

/**
 * The patrons part of the staff workspace (decision 0062): find a patron, read what they have with
 * the library through the personal area's own reads, block and unblock, send a password reset code
 * through the sign-in's recovery, import from CSV as `estante user import`. Every change writes its
 * audit entry in its own transaction.
 */
export function createStaffPatronService(options: {
  db: Db;
  clock: Clock;
  circulation: CirculationService;
  mailer?: Mailer | undefined;
}) {
  const { db, clock, circulation } = options;
  const recovery = createRecoveryService({ db, clock, mailer: options.mailer });

  async function patronOf(login: string, language: ServerLanguage) {
    const patron = await findPatronByLogin(db, login, language);
    if (!patron) throw ERRORS.notFound();
    return patron;
  }

  return {
    /** One page of the patrons matching the text, by name. */
    async search(text: string, page: number, language: ServerLanguage): Promise<StaffPatronSearch> {
      const { rows, total } = await searchPatrons(db, {
        text,
        limit: STAFF_PATRONS_PAGE_SIZE,
        offset: (page - 1) * STAFF_PATRONS_PAGE_SIZE,
        language,
      });
      return {
        leitores: rows.map(presentPatronSummary),
        total,
        pagina: page,
        por_pagina: STAFF_PATRONS_PAGE_SIZE,
      };
    },

    /** The patron's page: their loans, holds, debts and requests as their personal area shows them. */
    async page(login: string, language: ServerLanguage): Promise<StaffPatron> {
      const patron = await patronOf(login, language);
      const [loans, holds, debts, loanRequests, ...requests] = await Promise.all([
        circulation.pendingTitles(patron.id, true),
        circulation.holds(patron.id),
        circulation.debts(patron.id),
        circulation.loanRequests(patron.id, {}),
        ...REQUEST_TYPES.map((type) => ownRequests(db, patron.id, type, null)),
      ]);
      return {
        login: patron.login,
        nome: patron.name,
        email: patron.email,
        categoria: patron.category_label,
        cpf: patron.tax_number,
        rg: patron.id_number,
        bloqueio: presentBlock(patron),
        emprestimos: loans,
        reservas: holds,
        debitos: debts,
        solicitacoes_emprestimo: loanRequests,
        solicitacoes: requests
          .flat()
          .sort((a, b) => b.data_solicitacao.localeCompare(a.data_solicitacao) || b.codigo - a.codigo),
      };
    },

    /**
     * Blocks the patron with a reason: sign-in, refresh and single sign-on answer 430 from now on,
     * every open session ends, and password recovery does not lift it.
     */
    async block(login: string, reason: string, actor: StaffActor): Promise<StaffPatronBlock> {
      if (!reason.trim()) throw PATRON_ERRORS.reasonRequired();
      const at = clock.now();
      return db.transaction(async (tx) => {
        const patron = await findPatronByLogin(tx, login, 'pt', true);
        if (!patron) throw ERRORS.notFound();
        if (patron.block_reason !== null) throw PATRON_ERRORS.alreadyBlocked();
        await setBlock(tx, patron.id, { reason: reason.trim(), at, by: actor.login });
        await revokeOtherSessions(tx, patron.id, null, at, 'blocked_by_staff');
        await recordStaffAction(tx, {
          actor,
          action: 'patron.block',
          target: { kind: 'patron', id: patron.login },
          before: auditedBlock(patron),
          after: auditedBlock({ ...patron, block_reason: reason.trim() }),
          at,
        });
        return presentBlock({
          ...patron,
          block_reason: reason.trim(),
          blocked_at: at,
          blocked_by: actor.login,
        });
      });
    },

    /**
     * Lifts the library's block; a password not set yet stays so (the patron lifts that through
     * recovery, or a reset code staff send).
     */
    async unblock(login: string, actor: StaffActor): Promise<StaffPatronBlock> {
      const at = clock.now();
      return db.transaction(async (tx) => {
        const patron = await findPatronByLogin(tx, login, 'pt', true);
        if (!patron) throw ERRORS.notFound();
        if (patron.block_reason === null) throw PATRON_ERRORS.notBlocked();
        await clearBlock(tx, patron.id);
        const after = { ...patron, block_reason: null, blocked_at: null, blocked_by: null };
        await recordStaffAction(tx, {
          actor,
          action: 'patron.unblock',
          target: { kind: 'patron', id: patron.login },
          before: auditedBlock(patron),
          after: auditedBlock(after),
          at,
        });
        return presentBlock(after);
      });
    },

    /**
     * Sends the patron a password reset code, the same code and e-mail as "forgot password" (in the
     * patron's e-mail language), with the same limits per login and per address.
     */
    async sendResetCode(
      login: string,
      actor: StaffActor,
      address: string,
      logMailError: (error: unknown) => void,
    ): Promise<StaffPatronResetCode> {
      const patron = await patronOf(login, 'pt');
      const sent = await recovery.startFor(
        patron.id,
        patron.mail_language,
        address,
        logMailError,
        (tx, code) =>
          recordStaffAction(tx, {
            actor,
            action: 'patron.sendResetCode',
            target: { kind: 'patron', id: patron.login },
            before: null,
            after: { emails: code.emails, expiresAt: code.expiresAt.toISOString() },
            at: clock.now(),
          }),
      );
      return { emails: sent.emails, expira_em: sent.expira_em };
    },

    /** Adds patrons from CSV as `estante user import`: each refused line reported, the others added. */
    async importCsv(csv: string, actor: StaffActor): Promise<StaffPatronImport> {
      try {
        const summary = await importUsers(db, csv, undefined, (tx, user) =>
          recordStaffAction(tx, {
            actor,
            action: 'patron.import',
            target: { kind: 'patron', id: user.login },
            before: null,
            after: {
              login: user.login,
              name: user.name,
              email: user.email,
              category: user.category,
              passwordSet: !user.blocked,
            },
            at: clock.now(),
          }),
        );
        return {
          lidas: summary.read,
          incluidas: summary.inserted,
          sem_senha: summary.blocked,
          recusadas: summary.skipped.map((s) => ({ linha: s.line, motivo: s.reason })),
        };
      } catch (error) {
        if (error instanceof UserCsvHeaderError) throw PATRON_ERRORS.importHeader();
        throw error;
      }
    },
  };
}

export type StaffPatronService = ReturnType<typeof createStaffPatronService>;
