import { createHash } from 'node:crypto';
import {
  CIRCULATION_ERROR,
  LOAN_TOKEN_TTL_MINUTES,
  isValidEmail,
  splitEmailList,
  type CancelHoldsResult,
  type HoldInitialInfo,
  type HoldRequest,
  type InterlibraryData,
  type InterlibraryRequestBody,
  type LoanRequestBody,
  type LoanRequestInitialInfo,
  type LoanToken,
  type NoDebtsCheck,
  type NoDebtsDeclaration,
  type PaymentSlip,
  type PendingTitle,
  type RenewalOverview,
  type RenewResult,
  type Dashboard,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { readSettings } from '../institution/index.ts';
import { noDebtsDeclarationPdf, paymentSlipPdf, typedLine } from './documents.ts';
import { refusal } from './errors.ts';
import { holdRefusalBeforeChoice, offeredChoices } from './local/choices.ts';
import { issuedDeclaration, noDebtsRefusal } from './local/engine.ts';
import {
  currentToken,
  holdHistory,
  interlibraryRequests,
  libraryNames,
  loanHistory,
  loanRequests,
  networkInstitutions,
  openHolds,
  openRequestCount,
  pendingDebts,
  pendingLoans,
  queueLength,
  queuesOfTitles,
  receivingLibraries,
  rememberMailLanguage,
  suspensions,
  titleName,
} from './local/reads.ts';
import {
  findPatron,
  loadRules,
  patronStanding,
  titleCopies,
  type CopyRecord,
  type PatronRecord,
} from './local/repository.ts';
import {
  accruingFine,
  addDays,
  cents,
  fineCents,
  lateDays,
  loanState,
  money,
  patronRule,
  renewalRefusal,
  resolveRule,
  standingRefusal,
  dueDate,
  type CirculationRule,
  type Day,
} from './local/rules.ts';
import { CIRCULATION_MAIL_TEXTS, formatMoney } from './mail-texts.ts';
import { buildDashboard, dueSoonDays } from './dashboard.ts';
import {
  presentAccruingFine,
  presentDebt,
  presentHistoryEntry,
  presentHold,
  presentLoanRequest,
  presentRefusal,
  presentSuspension,
} from './presenters.ts';
import type { CirculationProvider } from './provider.ts';

/** Copy statuses that never serve a loan, hold or request. */
const OUT_OF_CIRCULATION = ['extraviado', 'consulta_local', 'em_processamento'];

/** Days a payment slip can be paid in. */
const SLIP_DAYS = 5;

/** What the patron calls need. */
export interface CirculationServiceOptions {
  db: Db;
  clock: Clock;
  provider: CirculationProvider;
  mailer?: Mailer | undefined;
}

/** The patron's circulation use cases (SPEC §7): every call is about the caller, never another patron. */
export function createCirculationService(options: CirculationServiceOptions) {
  const { db, clock, provider, mailer } = options;
  const actor = (patronId: number) => `patron:${patronId}`;

  async function patronOf(patronId: number): Promise<PatronRecord> {
    const patron = await findPatron(db, patronId);
    if (!patron) throw ERRORS.unauthorized();
    return patron;
  }

  /** SPEC §5: start date not after end date; default the last twelve months. */
  function range(query: { dataIni?: string | undefined; dataFim?: string | undefined }): {
    from: Day;
    to: Day;
    timeZone: string;
  } {
    const today = provider.today();
    const to = query.dataFim ?? today;
    const from = query.dataIni ?? addDays(to, -365);
    if (from > to) throw refusal(CIRCULATION_ERROR.DATE_RANGE);
    return { from, to, timeZone: provider.timeZone };
  }

  /** Renewal state of each pending loan, for the pending-titles list and the renewal screen. */
  async function pendingWithRenewal(patronId: number) {
    const today = provider.today();
    const [patron, rules, standing, loans] = await Promise.all([
      patronOf(patronId),
      loadRules(db),
      patronStanding(db, patronId, today),
      pendingLoans(db, patronId, today),
    ]);
    const queues = await queuesOfTitles(db, [...new Set(loans.map((l) => l.titleId))]);
    return {
      patron,
      standing,
      today,
      loans: loans.map((loan) => {
        const rule = resolveRule(rules, patron.categoryCode, loan.loanType ?? loan.copyLoanType);
        const waiting = queues.filter((h) => {
          if (h.titleId !== loan.titleId) return false;
          const theirs = resolveRule(rules, h.category, loan.copyLoanType);
          return (
            theirs.isLoanable &&
            theirs.allowsHolds &&
            h.libraryId === loan.libraryId &&
            (h.volume === null || h.volume === loan.volume) &&
            (h.tome === null || h.tome === loan.tome) &&
            (h.part === null || h.part === loan.part) &&
            (h.additionalMaterial === null || h.additionalMaterial === loan.additionalMaterial) &&
            (h.location === null || h.location === loan.location)
          );
        }).length;
        const returned = loan.returnedAt !== null;
        // The library's opening days only move the date; whether it moves at all is what counts here.
        const newDueOn = dueDate(today, rule.loanDays, null);
        const reason = returned
          ? CIRCULATION_ERROR.LOAN_NOT_FOUND
          : renewalRefusal({
              dueOn: loan.dueOn,
              renewals: loan.renewals,
              rule,
              today,
              holdsWaiting: waiting > 0,
              standing,
              newDueOn,
            });
        return { loan, rule, waiting, reason, returned };
      }),
    };
  }

  const service = {
    /** GET /emprestimo/titulos-pendentes. */
    async pendingTitles(patronId: number, showDetails: boolean): Promise<PendingTitle[]> {
      const { loans, today } = await pendingWithRenewal(patronId);
      return loans.map(({ loan, rule, waiting, reason, returned }) => {
        const late = returned ? 0 : lateDays(loan.dueOn, today);
        const state = loanState({
          dueOn: loan.dueOn,
          returned,
          quarantineUntil: loan.quarantineUntil,
          holdsWaiting: waiting > 0,
          today,
        });
        // The rule and the days late are the ones a return today would charge with (engine checkin).
        const accruing = returned ? null : accruingFine(rule, loan.dueOn, today);
        return {
          cod_emprestimo: loan.id,
          cod_acervo: loan.titleId,
          titulo: loan.title,
          autor: loan.author,
          data_emprestimo: new Date(loan.loanedAt).toISOString(),
          data_devolucao: loan.dueOn,
          renovacoes: loan.renewals,
          limite_renovacoes: rule.renewalLimit,
          atrasado: late > 0,
          dias_atraso: late,
          situacao: state === 'devolvido' ? 'quarentena' : state,
          pode_renovar: reason === null,
          motivo: presentRefusal(reason),
          multa_em_curso: presentAccruingFine(accruing),
          ...(showDetails
            ? {
                detalhes: {
                  cod_exemplar: loan.copyId,
                  numero_exemplar: loan.copyNumber,
                  biblioteca: { cod_biblioteca: loan.libraryId, desc_biblioteca: loan.libraryName },
                  localizacao: loan.location,
                  numero_chamada: loan.callNumber,
                  tipo_emprestimo: loan.loanType ?? loan.copyLoanType,
                  volume: loan.volume,
                  multa_prevista: money(fineCents(rule, late)),
                  reservas_em_espera: waiting,
                  fim_quarentena: returned ? loan.quarantineUntil : null,
                },
              }
            : {}),
        };
      });
    },

    /** POST /emprestimo/renovacao: nothing selected is refused (SPEC §5); each loan answers for itself. */
    async renew(
      patronId: number,
      loanIds: readonly number[],
      language: ServerLanguage,
    ): Promise<RenewResult> {
      if (loanIds.length === 0) throw refusal(CIRCULATION_ERROR.RENEW_NOTHING_SELECTED);
      const outcomes = await provider.renew(patronId, loanIds, actor(patronId), language);
      return {
        resultados: outcomes.map((o) => ({
          cod_emprestimo: o.loanId,
          renovado: o.renewed,
          data_devolucao: o.dueOn,
          renovacoes: o.renewals,
          motivo: presentRefusal(o.refusal),
        })),
      };
    },

    /** GET /emprestimo/historico. */
    async history(
      patronId: number,
      query: { dataIni?: string; dataFim?: string; multa?: boolean | undefined },
    ) {
      const rows = await loanHistory(db, patronId, { ...range(query), fined: query.multa ?? false });
      const today = provider.today();
      return rows.map((row) => presentHistoryEntry(row, today));
    },

    /** GET /emprestimo/debitos-pendentes. */
    async debts(patronId: number) {
      return (await pendingDebts(db, patronId)).map(presentDebt);
    },

    /** POST /unidade-informacao/gru: a slip for what is owed at one library (never more). */
    async paymentSlip(
      patronId: number,
      body: { valor: number; codBiblioteca: number },
    ): Promise<PaymentSlip> {
      const patron = await patronOf(patronId);
      const names = await libraryNames(db, [body.codBiblioteca]);
      const libraryName = names.get(body.codBiblioteca);
      if (!libraryName) throw ERRORS.notFound();
      const owed = (await pendingDebts(db, patronId))
        .filter((d) => d.libraryId === body.codBiblioteca)
        .reduce((sum, d) => sum + d.amountCents - d.discountCents - d.paidCents, 0);
      if (owed === 0) throw refusal(CIRCULATION_ERROR.SLIP_NOTHING_DUE);
      const amount = cents(body.valor);
      if (amount <= 0 || amount > owed) throw refusal(CIRCULATION_ERROR.SLIP_AMOUNT_INVALID);
      const now = clock.now();
      const dueOn = addDays(provider.today(), SLIP_DAYS);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO payment_slip (number, patron_id, library_id, amount_cents, issued_at, due_on)
         VALUES ('pending-' || gen_random_uuid(), $1, $2, $3, $4, $5::date) RETURNING id`,
        [patronId, body.codBiblioteca, amount, now.toISOString(), dueOn],
      );
      const id = rows[0]!.id;
      const number = `${dueOn.slice(0, 4)}${String(id).padStart(8, '0')}`;
      await db.query('UPDATE payment_slip SET number = $2 WHERE id = $1', [id, number]);
      const line = typedLine(number, amount, dueOn);
      const institution = String((await readSettings(db))['nome'] ?? 'Biblioteca');
      const pdf = await paymentSlipPdf({
        institution,
        library: libraryName,
        patronName: patron.name,
        login: patron.login,
        number,
        amount: formatMoney(amount, 'pt'),
        dueOn,
        line,
        issuedAt: now,
      });
      return {
        numero: number,
        valor: money(amount),
        vencimento: dueOn,
        biblioteca: { cod_biblioteca: body.codBiblioteca, desc_biblioteca: libraryName },
        linha_digitavel: line,
        nome_arquivo: `guia-${number}.pdf`,
        pdf: pdf.toString('base64'),
      };
    },

    /** GET /pessoas/afastamentos. */
    async suspensions(patronId: number) {
      const today = provider.today();
      return (await suspensions(db, patronId)).map((row) => presentSuspension(row, today));
    },

    /** GET /pessoas/renovar: every pending loan with whether it can be renewed now. */
    async renewalOverview(patronId: number): Promise<RenewalOverview> {
      const { patron, standing, loans } = await pendingWithRenewal(patronId);
      const block = standingRefusal(standing);
      return {
        renovacao_automatica: patron.autoRenew,
        bloqueios: block ? [presentRefusal(block)!] : [],
        emprestimos: loans
          .filter((l) => !l.returned)
          .map(({ loan, rule, reason }) => ({
            cod_emprestimo: loan.id,
            cod_acervo: loan.titleId,
            titulo: loan.title,
            data_devolucao: loan.dueOn,
            renovacoes: loan.renewals,
            limite_renovacoes: rule.renewalLimit,
            pode_renovar: reason === null,
            motivo: presentRefusal(reason),
          })),
      };
    },

    /** PUT /pessoas/renovar. */
    async setAutoRenew(patronId: number, on: boolean, language: ServerLanguage): Promise<RenewalOverview> {
      await provider.setAutoRenew(patronId, on, actor(patronId));
      await rememberMailLanguage(db, patronId, language);
      return this.renewalOverview(patronId);
    },

    /** GET /emprestimo/token. */
    async loanToken(patronId: number): Promise<LoanToken> {
      const token = await currentToken(db, patronId, clock.now());
      return token
        ? { token: token.token, validade: token.expiresAt.toISOString(), valido: true }
        : { token: null, validade: null, valido: false };
    },

    /** POST /emprestimo/token: a new token (an unlinked patron cannot borrow, so gets none). */
    async newLoanToken(patronId: number): Promise<LoanToken> {
      const patron = await patronOf(patronId);
      if (patron.unlinkedAt) throw refusal(CIRCULATION_ERROR.PATRON_UNLINKED);
      const { token, expiresAt } = await provider.issueToken(
        patronId,
        LOAN_TOKEN_TTL_MINUTES,
        actor(patronId),
      );
      return { token, validade: expiresAt.toISOString(), valido: true };
    },

    /** GET /unidade-informacao/nada-consta/verifica. */
    async noDebtsCheck(patronId: number): Promise<NoDebtsCheck> {
      const patron = await patronOf(patronId);
      const today = provider.today();
      const issued = await issuedDeclaration(db, patronId);
      const reason = issued ? null : await noDebtsRefusal(db, patron, today);
      const open = (await pendingLoans(db, patronId, today)).filter((l) => l.returnedAt === null);
      const owed = (await patronStanding(db, patronId, today)).debtCents;
      const rules = await loadRules(db);
      // Open loans refuse the declaration already (NO_DEBTS_HAS_LOANS); this says what late ones will cost.
      const accruing = open.reduce((sum, loan) => {
        const rule = resolveRule(rules, patron.categoryCode, loan.loanType ?? loan.copyLoanType);
        return sum + (accruingFine(rule, loan.dueOn, today)?.amountCents ?? 0);
      }, 0);
      return {
        permitido: reason === null,
        motivo: presentRefusal(reason),
        emprestimos: open.length,
        valor_pendente: money(owed),
        multa_em_curso: money(accruing),
        emitida: issued
          ? { codigo_verificacao: issued.code, data_emissao: issued.issuedAt.toISOString() }
          : null,
      };
    },

    /** POST /unidade-informacao/nada-consta: the declaration, which unlinks the patron (SPEC §4). */
    async issueNoDebts(patronId: number): Promise<NoDebtsDeclaration> {
      const institution = String((await readSettings(db))['nome'] ?? 'Biblioteca');
      const categories = await db.query<{ code: string; label_pt: string }>(
        'SELECT code, label_pt FROM patron_category',
      );
      const issued = await provider.issueNoDebtsDeclaration(
        patronId,
        ({ patron, code, issuedAt, today }) =>
          noDebtsDeclarationPdf({
            institution,
            patronName: patron.name,
            login: patron.login,
            category:
              categories.rows.find((c) => c.code === patron.categoryCode)?.label_pt ?? patron.categoryCode,
            day: today,
            issuedAt,
            code,
          }),
        actor(patronId),
      );
      return {
        codigo_verificacao: issued.code,
        data_emissao: issued.issuedAt.toISOString(),
        nome_arquivo: `nada-consta-${issued.code}.pdf`,
        pdf: issued.pdf.toString('base64'),
      };
    },

    /**
     * POST /nada-consta/send-mail: e-mails the patron's declaration. A file sent along must be
     * that declaration (same bytes), so the call cannot mail anything else.
     */
    async mailNoDebts(
      patronId: number,
      input: { emails: string | null; file: Buffer | null },
      language: ServerLanguage,
    ): Promise<{ enviado: true; destinatarios: string[] }> {
      if (!mailer) throw refusal(CIRCULATION_ERROR.MAIL_OFF);
      const patron = await patronOf(patronId);
      const issued = await issuedDeclaration(db, patronId);
      if (!issued) throw refusal(CIRCULATION_ERROR.NO_DEBTS_NOT_ISSUED);
      const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
      if (input.file && sha(input.file) !== sha(issued.pdf))
        throw refusal(CIRCULATION_ERROR.NO_DEBTS_FILE_MISMATCH);
      const recipients = input.emails ? splitEmailList(input.emails) : patron.email ? [patron.email] : [];
      if (recipients.length === 0 || recipients.length > 5 || !recipients.every(isValidEmail))
        throw refusal(CIRCULATION_ERROR.EMAIL_INVALID);
      const texts = CIRCULATION_MAIL_TEXTS[language];
      await mailer.send({
        to: recipients,
        subject: texts.declarationSubject,
        text: texts.declarationText(patron.name, issued.code),
        attachments: [
          { filename: `nada-consta-${issued.code}.pdf`, content: issued.pdf, contentType: 'application/pdf' },
        ],
      });
      return { enviado: true, destinatarios: recipients };
    },

    /** GET /reserva/{id}/informacoes-iniciais: what the hold form offers, and whether a hold is possible now. */
    async holdInitialInfo(patronId: number, titleId: number): Promise<HoldInitialInfo> {
      const patron = await patronOf(patronId);
      const title = await titleName(db, titleId);
      if (title === null) throw ERRORS.notFound();
      const rules = await loadRules(db);
      const copies = (await titleCopies(db, titleId)).filter((c) => inCirculation(rules, patron, c, 'holds'));
      const choices = offeredChoices(copies);
      const standing = standingRefusal(await patronStanding(db, patronId, provider.today()));
      // The same rules POST /reserva applies, for every choice the copies offer.
      const reason = standing ?? holdRefusalBeforeChoice(copies);
      const names = await libraryNames(db, choices.libraries);
      return {
        cod_acervo: titleId,
        titulo: title,
        permitido: reason === null,
        motivo: presentRefusal(reason),
        bibliotecas: choices.libraries.map((id) => ({
          cod_biblioteca: id,
          desc_biblioteca: names.get(id) ?? '',
        })),
        volumes: choices.volumes,
        tomos: choices.tomes,
        partes: choices.parts,
        materiais_adicionais: choices.materials,
        localizacoes: choices.locations,
        fila: await queueLength(db, titleId),
      };
    },

    /** POST /reserva/validar-fila: the place the patron would take, or the refusal. */
    async checkHold(patronId: number, request: HoldRequest): Promise<{ posicao_fila: number }> {
      const { position } = await provider.placeHold(patronId, request, actor(patronId), { dryRun: true });
      return { posicao_fila: position };
    },

    /** POST /reserva. */
    async placeHold(patronId: number, request: HoldRequest, language: ServerLanguage) {
      const { holdId } = await provider.placeHold(patronId, request, actor(patronId), { language });
      const hold = (await openHolds(db, patronId)).find((h) => h.id === holdId);
      return presentHold(hold!);
    },

    /** GET /reserva. */
    async holds(patronId: number) {
      return (await openHolds(db, patronId)).map(presentHold);
    },

    /** DELETE /reserva: nothing selected is refused (SPEC §5); each hold answers for itself. */
    async cancelHolds(patronId: number, holdIds: readonly number[]): Promise<CancelHoldsResult> {
      if (holdIds.length === 0) throw refusal(CIRCULATION_ERROR.HOLD_NOTHING_SELECTED);
      const outcomes = await provider.cancelHolds(patronId, holdIds, actor(patronId));
      return {
        resultados: outcomes.map((o) => ({
          cod_reserva: o.holdId,
          cancelada: o.cancelled,
          motivo: presentRefusal(o.refusal),
        })),
      };
    },

    /** GET /reserva/historico. */
    async holdHistory(patronId: number, query: { dataIni?: string; dataFim?: string }) {
      return (await holdHistory(db, patronId, range(query))).map(presentHold);
    },

    /** GET /solicitacao-emprestimo/{id}/informacoes-iniciais. */
    async loanRequestInitialInfo(patronId: number, titleId: number): Promise<LoanRequestInitialInfo> {
      const patron = await patronOf(patronId);
      const title = await titleName(db, titleId);
      if (title === null) throw ERRORS.notFound();
      const rules = await loadRules(db);
      const copies = (await titleCopies(db, titleId)).filter((c) =>
        inCirculation(rules, patron, c, 'requests'),
      );
      const choices = offeredChoices(copies);
      const names = await libraryNames(db, choices.libraries);
      const onShelf = copies.filter((c) => c.status === 'disponivel');
      const { rows: open } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM loan_request WHERE patron_id = $1 AND status IN ('aguardando', 'em_transito', 'disponivel')",
        [patronId],
      );
      const limit = patronRule(rules, patron.categoryCode).maxRequests;
      const standing = standingRefusal(await patronStanding(db, patronId, provider.today()));
      const reason =
        standing ??
        (copies.length === 0
          ? CIRCULATION_ERROR.REQUEST_NOT_ALLOWED
          : onShelf.length === 0
            ? CIRCULATION_ERROR.REQUEST_NO_COPIES
            : (open[0]?.n ?? 0) >= limit
              ? CIRCULATION_ERROR.REQUEST_LIMIT
              : null);
      return {
        cod_acervo: titleId,
        titulo: title,
        permitido: reason === null,
        motivo: presentRefusal(reason),
        bibliotecas_origem: choices.libraries.map((id) => ({
          cod_biblioteca: id,
          desc_biblioteca: names.get(id) ?? '',
          exemplares_disponiveis: onShelf.filter((c) => c.libraryId === id).length,
        })),
        bibliotecas_recebimento: (await receivingLibraries(db)).map((l) => ({
          cod_biblioteca: l.id,
          desc_biblioteca: l.name,
          locais: l.locations.map((loc) => ({
            cod_local: loc.id,
            descricao: loc.name,
            domicilio: loc.isHomeDelivery,
          })),
        })),
        volumes: choices.volumes,
        tomos: choices.tomes,
        partes: choices.parts,
        materiais_adicionais: choices.materials,
        localizacoes: choices.locations,
        email: patron.email,
        limite: limit,
        abertas: open[0]?.n ?? 0,
      };
    },

    /** POST /solicitacao-emprestimo/{id}. */
    async requestLoan(patronId: number, titleId: number, body: LoanRequestBody, language: ServerLanguage) {
      const id = await provider.requestLoan(patronId, titleId, body, actor(patronId), language);
      const today = provider.today();
      const [row] = await loanRequests(db, patronId, {
        from: today,
        to: today,
        status: null,
        id,
        timeZone: provider.timeZone,
      });
      return presentLoanRequest(row!);
    },

    /** GET /solicitacao-emprestimo. */
    async loanRequests(
      patronId: number,
      query: { dataIni?: string; dataFim?: string; status?: string | undefined },
    ) {
      return (await loanRequests(db, patronId, { ...range(query), status: query.status ?? null })).map(
        presentLoanRequest,
      );
    },

    /** GET /solicitacoes/emprestimo-inter-bibliotecas/dados. */
    async interlibraryData(patronId: number): Promise<InterlibraryData> {
      const patron = await patronOf(patronId);
      const [institutions, libraries, requests] = await Promise.all([
        networkInstitutions(db),
        receivingLibraries(db),
        interlibraryRequests(db, patronId),
      ]);
      return {
        instituicoes: institutions.map((i) => ({ cod_empresa: i.code, desc_empresa: i.name })),
        bibliotecas_recebimento: libraries.map((l) => ({ cod_biblioteca: l.id, desc_biblioteca: l.name })),
        email: patron.email,
        solicitacoes: requests.map(presentInterlibrary),
      };
    },

    /** POST /solicitacoes/emprestimo-inter-bibliotecas. */
    async requestInterlibrary(patronId: number, body: InterlibraryRequestBody) {
      const patron = await patronOf(patronId);
      const standing = standingRefusal(await patronStanding(db, patronId, provider.today()));
      if (standing) throw refusal(standing);
      let institutionId: number | null = null;
      let title = body.titulo ?? null;
      let author = body.autor ?? null;
      if (body.cod_registro_rede) {
        const { rows } = await db.query<{
          institution_id: number;
          title: string;
          main_author: string | null;
        }>('SELECT institution_id, title, main_author FROM network_record WHERE id = $1', [
          body.cod_registro_rede,
        ]);
        if (!rows[0]) throw ERRORS.notFound();
        institutionId = rows[0].institution_id;
        title ??= rows[0].title;
        author ??= rows[0].main_author;
      } else if (body.cod_empresa) {
        const { rows } = await db.query<{ id: number }>(
          'SELECT id FROM network_institution WHERE code = $1',
          [body.cod_empresa],
        );
        if (!rows[0]) throw ERRORS.notFound();
        institutionId = rows[0].id;
      }
      if (!title) throw ERRORS.badRequest('titulo');
      if (!(await libraryNames(db, [body.biblioteca_recebimento])).size) throw ERRORS.notFound();
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO interlibrary_request (patron_id, institution_id, network_record_id, receiving_library_id, title, author,
           publication, notes, email, phone, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          patron.id,
          institutionId,
          body.cod_registro_rede ?? null,
          body.biblioteca_recebimento,
          title,
          author,
          body.publicacao ?? null,
          body.observacao ?? null,
          body.email,
          body.telefone ?? null,
          clock.now().toISOString(),
        ],
      );
      const created = (await interlibraryRequests(db, patronId)).find((r) => r.id === rows[0]!.id)!;
      return presentInterlibrary(created);
    },

    /** GET /pessoas/meu-pergamum/painel (decision 0046), from the same answers the screens show. */
    async dashboard(patronId: number, unreadAlerts: number): Promise<Dashboard> {
      const [loans, holds, debts, openRequests, settings] = await Promise.all([
        service.pendingTitles(patronId, false),
        service.holds(patronId),
        service.debts(patronId),
        openRequestCount(db, patronId),
        readSettings(db),
      ]);
      return buildDashboard({
        today: provider.today(),
        warningDays: dueSoonDays(settings),
        loans,
        holds,
        debts,
        openRequests,
        unreadAlerts,
      });
    },
  };
  return service;
}

/** The patron service's type. */
export type CirculationService = ReturnType<typeof createCirculationService>;

/** Whether a copy takes part in holds (or requests) for the patron's category. */
function inCirculation(
  rules: CirculationRule[],
  patron: PatronRecord,
  copy: CopyRecord,
  kind: 'holds' | 'requests',
): boolean {
  const rule = resolveRule(rules, patron.categoryCode, copy.loanType);
  return (
    !OUT_OF_CIRCULATION.includes(copy.status) &&
    rule.isLoanable &&
    (kind === 'holds' ? rule.allowsHolds : rule.allowsRequests)
  );
}

function presentInterlibrary(row: Awaited<ReturnType<typeof interlibraryRequests>>[number]) {
  return {
    codigo: row.id,
    instituicao:
      row.institutionCode === null
        ? null
        : { cod_empresa: row.institutionCode, desc_empresa: row.institutionName ?? '' },
    titulo: row.title,
    autor: row.author,
    publicacao: row.publication,
    observacao: row.notes,
    biblioteca_recebimento: { cod_biblioteca: row.libraryId, desc_biblioteca: row.libraryName },
    situacao: row.status,
    data_solicitacao: new Date(row.requestedAt).toISOString(),
  };
}
