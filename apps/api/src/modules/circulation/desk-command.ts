import { parseArgs } from 'node:util';
import type { Clock } from '../../lib/clock.ts';
import { systemClock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { DeskRefusal } from './errors.ts';
import { circulationViolations } from './invariants.ts';
import { openCirculationEngine } from './jobs.ts';
import { translate } from './mail-texts.ts';
import {
  deleteRule,
  findCopy,
  findCopyByNumber,
  findPatronByLogin,
  loadRules,
  saveRule,
} from './local/repository.ts';
import { ANY, cents, money, resolveRule, type CirculationRule } from './local/rules.ts';

/** Usage lines of `estante desk`, for the command's help. */
export const DESK_COMMAND_USAGE = `  estante desk checkout LOGIN COPY [--due YYYY-MM-DD]
                                          lend a copy (COPY: LIBRARY:NUMBER, e.g. BC:dom-casmurro-1, or the copy id)
  estante desk checkout --token TOKEN COPY
                                          lend with the patron's self-service loan token
  estante desk checkin COPY [--quarantine DAYS]
                                          take a copy back (fine, suspension, quarantine, next hold)
  estante desk renew LOGIN [LOAN_ID...]   renew the patron's loans (all of them when none is named)
  estante desk pay LOGIN AMOUNT [--discount AMOUNT] [--debt ID]
                                          record a payment (AMOUNT in reais, e.g. 4.50), oldest debt first
  estante desk suspend LOGIN DAYS [--reason TEXT]
                                          suspend a patron (after any suspension already running)
  estante desk loans LOGIN                the patron's open loans, holds, debts and suspensions
  estante desk request ID send|arrive|cancel
                                          move a loan request along (arrive tells the patron by e-mail)
  estante desk auto-renew                 run automatic renewal now (loans due today)
  estante desk sweep                      apply what time did: late loans, quarantine ends, pickups missed
  estante desk check                      check the circulation invariants
  estante desk no-debts LOGIN on|off      allow or forbid the patron's no-debts declaration
  estante desk rules                      list the circulation rules
  estante desk rule set [--category C] [--type T] [--loan-days N] [--renewals N] [--max-loans N]
                   [--max-holds N] [--max-requests N] [--holds yes|no] [--requests yes|no] [--loanable yes|no]
                   [--pickup-days N] [--fine AMOUNT] [--max-fine AMOUNT|none] [--suspension-days N] [--quarantine-days N]
                                          add or change a rule (C, T default *: any); unset values come from
                                          the rule that applies today
  estante desk rule delete --category C --type T`;

/** What the command reads and writes, so a test can drive it. */
export interface DeskIo {
  out(line: string): void;
  err(line: string): void;
}

const ACTOR = `staff:${process.env.USER ?? 'desk'}`;

/** `estante desk …`: answers the exit code. */
export async function runDeskCommand(
  db: Db,
  args: string[],
  io: DeskIo,
  options: { clock?: Clock; mailer?: Mailer | undefined } = {},
): Promise<number> {
  const clock = options.clock ?? systemClock;
  const engine = await openCirculationEngine({
    db,
    clock,
    mailer: options.mailer,
    onMailError: (error) => io.err(`e-mail not sent: ${(error as Error).message}`),
  });
  const [action, ...rest] = args;
  const patronOf = async (login: string | undefined) => {
    const patron = login ? await findPatronByLogin(db, login) : null;
    if (!patron) throw new DeskRefusal('PATRON_NOT_FOUND');
    return patron;
  };
  const copyOf = async (label: string | undefined) => {
    const match = label ? /^([^:]+):(.+)$/.exec(label) : null;
    const copy = match
      ? await findCopyByNumber(db, match[1]!, match[2]!)
      : label && /^\d+$/.test(label)
        ? await findCopy(db, Number(label))
        : null;
    if (!copy) throw new DeskRefusal('COPY_NOT_FOUND');
    return copy;
  };
  const amount = (text: string | undefined, what: string): number => {
    const value = Number((text ?? '').replace(',', '.'));
    if (!Number.isFinite(value) || value < 0) throw new UsageError(`${what} must be an amount such as 4.50`);
    return cents(value);
  };
  try {
    switch (action) {
      case 'checkout': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { due: { type: 'string' }, token: { type: 'string' } },
        });
        const [first, second] = positionals;
        if (values.due !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.due))
          throw new UsageError('--due takes a day as YYYY-MM-DD');
        const copy = await copyOf(values.token !== undefined ? first : second);
        const result =
          values.token !== undefined
            ? await engine.checkout({
                token: values.token,
                copyId: copy.id,
                actor: ACTOR,
                ...(values.due ? { dueOn: values.due } : {}),
              })
            : await engine.checkout({
                patronId: (await patronOf(first)).id,
                copyId: copy.id,
                actor: ACTOR,
                ...(values.due ? { dueOn: values.due } : {}),
              });
        io.out(
          `Loan ${result.loanId}: copy ${copy.number} due ${result.dueOn}.${result.fulfilledHoldId ? ` Hold ${result.fulfilledHoldId} fulfilled.` : ''}`,
        );
        return 0;
      }
      case 'checkin': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { quarantine: { type: 'string' } },
        });
        const quarantine = values.quarantine === undefined ? undefined : Number(values.quarantine);
        if (quarantine !== undefined && (!Number.isInteger(quarantine) || quarantine < 0))
          throw new UsageError('--quarantine takes a whole number of days');
        const copy = await copyOf(positionals[0]);
        const result = await engine.checkin({
          copyId: copy.id,
          actor: ACTOR,
          ...(quarantine !== undefined ? { quarantineDays: quarantine } : {}),
        });
        const parts = [`Loan ${result.loanId} returned`];
        if (result.lateDays > 0)
          parts.push(`${result.lateDays} day(s) late, fine R$ ${money(result.fineCents).toFixed(2)}`);
        if (result.suspension)
          parts.push(`suspended ${result.suspension.startsOn} to ${result.suspension.endsOn}`);
        parts.push(
          result.next === 'reservado'
            ? `copy set aside for hold ${result.releasedHoldId} (patron told by e-mail)`
            : result.next === 'quarentena'
              ? 'copy in quarantine'
              : 'copy back on the shelf',
        );
        io.out(`${parts.join('; ')}.`);
        return 0;
      }
      case 'renew': {
        const [login, ...ids] = rest;
        const patron = await patronOf(login);
        let loanIds = ids.map(Number);
        if (loanIds.some((n) => !Number.isInteger(n))) throw new UsageError('loan ids are whole numbers');
        if (loanIds.length === 0) {
          const { rows } = await db.query<{ id: number }>(
            'SELECT id FROM loan WHERE patron_id = $1 AND returned_at IS NULL ORDER BY id',
            [patron.id],
          );
          loanIds = rows.map((r) => r.id);
        }
        if (loanIds.length === 0) {
          io.out(`${patron.login} has no loans.`);
          return 0;
        }
        for (const o of await engine.renew(patron.id, loanIds, ACTOR)) {
          io.out(
            o.renewed
              ? `Loan ${o.loanId}: renewed to ${o.dueOn} (${o.renewals} renewal(s)).`
              : `Loan ${o.loanId}: not renewed: ${translate(o.refusal!.key, 'en')}`,
          );
        }
        return 0;
      }
      case 'pay': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { discount: { type: 'string' }, debt: { type: 'string' } },
        });
        const patron = await patronOf(positionals[0]);
        const paid = amount(positionals[1], 'AMOUNT');
        const discount = values.discount !== undefined ? amount(values.discount, '--discount') : 0;
        const result = await engine.pay({
          patronId: patron.id,
          amountCents: paid,
          discountCents: discount,
          ...(values.debt ? { debtId: Number(values.debt) } : {}),
          actor: ACTOR,
        });
        io.out(
          `Payment recorded. Debts settled: ${result.settled.length ? result.settled.join(', ') : 'none'}; still owed R$ ${money(result.leftCents).toFixed(2)}.`,
        );
        return 0;
      }
      case 'suspend': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: { reason: { type: 'string' } },
        });
        const patron = await patronOf(positionals[0]);
        const days = Number(positionals[1]);
        if (!Number.isInteger(days) || days < 1 || days > 3650)
          throw new UsageError('DAYS is a whole number from 1');
        const period = await engine.suspend({
          patronId: patron.id,
          days,
          reason: values.reason ?? 'Suspensão aplicada no balcão',
          actor: ACTOR,
        });
        io.out(`${patron.login} suspended from ${period.startsOn} to ${period.endsOn}.`);
        return 0;
      }
      case 'loans': {
        const patron = await patronOf(rest[0]);
        const { rows: loans } = await db.query<{
          id: number;
          title: string;
          library: string;
          number: string;
          due: string;
          renewals: number;
        }>(
          `SELECT ln.id, t.title, lb.code AS library, c.number, ln.due_on::text AS due, ln.renewals FROM loan ln
             JOIN copy c ON c.id = ln.copy_id JOIN library lb ON lb.id = c.library_id
             JOIN title t ON t.id = c.title_id WHERE ln.patron_id = $1 AND ln.returned_at IS NULL ORDER BY ln.due_on`,
          [patron.id],
        );
        io.out(`${patron.name} (${patron.login})`);
        // The copy as checkin names it (LIBRARY:NUMBER), so the line can be used as it is.
        for (const l of loans)
          io.out(
            `  loan ${l.id}: ${l.title} [${l.library}:${l.number}] due ${l.due}, ${l.renewals} renewal(s)`,
          );
        const { rows: holds } = await db.query<{
          id: number;
          title: string;
          status: string;
          position: number | null;
          deadline: string | null;
        }>(
          `SELECT h.id, t.title, h.status, h.queue_position AS position, h.pickup_deadline::text AS deadline FROM hold h
             JOIN title t ON t.id = h.title_id WHERE h.patron_id = $1 AND h.status IN ('fila', 'liberada') ORDER BY h.id`,
          [patron.id],
        );
        for (const h of holds)
          io.out(
            `  hold ${h.id}: ${h.title} ${h.status === 'fila' ? `queue position ${h.position}` : `ready until ${h.deadline}`}`,
          );
        const { rows: owed } = await db.query<{ n: number }>(
          'SELECT coalesce(sum(amount_cents - discount_cents - paid_cents), 0)::int AS n FROM debt WHERE patron_id = $1',
          [patron.id],
        );
        io.out(`  owes R$ ${money(owed[0]?.n ?? 0).toFixed(2)}`);
        return 0;
      }
      case 'request': {
        const [id, step] = rest;
        const steps = { send: 'em_transito', arrive: 'disponivel', cancel: 'nao_finalizada' } as const;
        if (!id || !/^\d+$/.test(id) || !step || !(step in steps))
          throw new UsageError('usage: estante desk request ID send|arrive|cancel');
        await engine.advanceRequest(Number(id), steps[step as keyof typeof steps], ACTOR);
        io.out(`Loan request ${id}: ${steps[step as keyof typeof steps]}.`);
        return 0;
      }
      case 'auto-renew': {
        const reports = await engine.autoRenew(`${ACTOR}:auto-renew`);
        const renewed = reports.reduce((n, r) => n + r.outcomes.filter((o) => o.renewed).length, 0);
        const refused = reports.reduce((n, r) => n + r.outcomes.filter((o) => !o.renewed).length, 0);
        io.out(
          `Automatic renewal for ${engine.today()}: ${reports.length} patron(s), ${renewed} loan(s) renewed, ${refused} not renewed, ${reports.filter((r) => r.mailed).length} e-mail(s) sent.`,
        );
        return 0;
      }
      case 'sweep': {
        const result = await engine.sweep(`${ACTOR}:sweep`);
        io.out(`Sweep for ${engine.today()}: ${JSON.stringify(result)}`);
        return 0;
      }
      case 'check': {
        const violations = await circulationViolations(db, { today: engine.today() });
        for (const line of violations) io.out(line);
        io.out(
          violations.length === 0 ? 'Circulation invariants hold.' : `${violations.length} violation(s).`,
        );
        return violations.length === 0 ? 0 : 1;
      }
      case 'no-debts': {
        const [login, state] = rest;
        if (state !== 'on' && state !== 'off')
          throw new UsageError('usage: estante desk no-debts LOGIN on|off');
        const patron = await patronOf(login);
        await engine.setNoDebtsDeclaration(patron.id, state === 'on', ACTOR);
        io.out(`No-debts declaration ${state === 'on' ? 'allowed' : 'disabled'} for ${patron.login}.`);
        return 0;
      }
      case 'rules': {
        for (const rule of await loadRules(db)) io.out(describeRule(rule));
        return 0;
      }
      case 'rule':
        return await ruleCommand(db, rest, io, clock, engine.logRuleChange);
      default:
        io.err(`usage:\n${DESK_COMMAND_USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`estante desk: ${error.message}.`);
      return 2;
    }
    if (error instanceof DeskRefusal) {
      io.err(`estante desk: ${error.message}.`);
      return 1;
    }
    if (error instanceof AppError) {
      // A rule refusal: its message is a translation key.
      io.err(
        `estante desk: ${error.statusCode === 422 ? translate(error.message, 'en') : error.message} (${error.code}).`,
      );
      return 1;
    }
    throw error;
  }
}

class UsageError extends Error {}

function describeRule(rule: CirculationRule): string {
  return [
    `category ${rule.categoryCode}, type ${rule.loanType}:`,
    rule.isLoanable ? `${rule.loanDays} days, ${rule.renewalLimit} renewal(s)` : 'not lent',
    `max ${rule.maxLoans} loans / ${rule.maxHolds} holds / ${rule.maxRequests} requests`,
    `holds ${rule.allowsHolds ? 'yes' : 'no'}, requests ${rule.allowsRequests ? 'yes' : 'no'}, pickup ${rule.pickupDays} day(s)`,
    `fine R$ ${money(rule.finePerDayCents).toFixed(2)}/day${rule.maxFineCents === null ? '' : ` up to R$ ${money(rule.maxFineCents).toFixed(2)}`}`,
    `suspension ${rule.suspensionDaysPerLateDay} day(s)/day late, quarantine ${rule.quarantineDays} day(s)`,
  ].join(' ');
}

async function ruleCommand(
  db: Db,
  args: string[],
  io: DeskIo,
  clock: Clock,
  logChange: (details: Record<string, unknown>, actor: string) => Promise<void>,
): Promise<number> {
  const [verb, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      category: { type: 'string', default: ANY },
      type: { type: 'string', default: ANY },
      'loan-days': { type: 'string' },
      renewals: { type: 'string' },
      'max-loans': { type: 'string' },
      'max-holds': { type: 'string' },
      'max-requests': { type: 'string' },
      holds: { type: 'string' },
      requests: { type: 'string' },
      loanable: { type: 'string' },
      'pickup-days': { type: 'string' },
      fine: { type: 'string' },
      'max-fine': { type: 'string' },
      'suspension-days': { type: 'string' },
      'quarantine-days': { type: 'string' },
    },
  });
  const category = values.category!;
  const type = values.type!;
  if (category !== ANY) {
    const { rows } = await db.query('SELECT 1 FROM patron_category WHERE code = $1', [category]);
    if (rows.length === 0) throw new UsageError(`there is no patron category ${category}`);
  }
  if (verb === 'delete') {
    const removed = await deleteRule(db, category, type);
    if (removed) await logChange({ deleted: { category, type } }, ACTOR);
    io.out(
      removed
        ? `Rule (${category}, ${type}) deleted.`
        : `No rule (${category}, ${type}) to delete (the (*, *) rule stays).`,
    );
    return removed ? 0 : 1;
  }
  if (verb !== 'set') throw new UsageError('usage: estante desk rule set|delete …');
  const base = resolveRule(await loadRules(db), category, type === ANY ? null : type);
  const whole = (text: string | undefined, fallback: number, what: string, max = 3650) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0 || n > max)
      throw new UsageError(`${what} takes a whole number from 0 to ${max}`);
    return n;
  };
  const yes = (text: string | undefined, fallback: boolean, what: string) => {
    if (text === undefined) return fallback;
    if (text !== 'yes' && text !== 'no') throw new UsageError(`${what} takes yes or no`);
    return text === 'yes';
  };
  const money = (text: string | undefined, fallback: number, what: string) => {
    if (text === undefined) return fallback;
    const value = Number(text.replace(',', '.'));
    if (!Number.isFinite(value) || value < 0) throw new UsageError(`${what} takes an amount such as 1.50`);
    return cents(value);
  };
  const rule: CirculationRule = {
    categoryCode: category,
    loanType: type,
    isLoanable: yes(values.loanable, base.isLoanable, '--loanable'),
    loanDays: whole(values['loan-days'], base.loanDays, '--loan-days'),
    renewalLimit: whole(values.renewals, base.renewalLimit, '--renewals', 100),
    maxLoans: whole(values['max-loans'], base.maxLoans, '--max-loans'),
    maxHolds: whole(values['max-holds'], base.maxHolds, '--max-holds'),
    maxRequests: whole(values['max-requests'], base.maxRequests, '--max-requests'),
    allowsHolds: yes(values.holds, base.allowsHolds, '--holds'),
    allowsRequests: yes(values.requests, base.allowsRequests, '--requests'),
    pickupDays: whole(values['pickup-days'], base.pickupDays, '--pickup-days', 60),
    finePerDayCents: money(values.fine, base.finePerDayCents, '--fine'),
    maxFineCents:
      values['max-fine'] === 'none' ? null : money(values['max-fine'], base.maxFineCents ?? 0, '--max-fine'),
    suspensionDaysPerLateDay: whole(
      values['suspension-days'],
      base.suspensionDaysPerLateDay,
      '--suspension-days',
      30,
    ),
    quarantineDays: whole(values['quarantine-days'], base.quarantineDays, '--quarantine-days', 60),
  };
  if (values['max-fine'] === undefined) rule.maxFineCents = base.maxFineCents;
  if (rule.pickupDays < 1) throw new UsageError('--pickup-days takes a whole number from 1 to 60');
  await saveRule(db, rule, clock.now());
  await logChange({ set: rule }, ACTOR);
  io.out(`Rule saved: ${describeRule(rule)}`);
  return 0;
}
