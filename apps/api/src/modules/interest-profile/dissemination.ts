import { titlePagePath } from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Queryable } from '../../lib/db/index.ts';
import { splitEmails, type Mailer } from '../../lib/mail.ts';
import type { ServerLanguage } from '../../lib/messages.ts';
import { recordAlert } from '../alerts/index.ts';
import { circulationTimeZone } from '../circulation/index.ts';
import { libraryDay } from '../circulation/local/rules.ts';
import { readSettings } from '../institution/index.ts';
import { DIGEST_TEXTS, type DigestLine } from './mail-texts.ts';
import { reasonIn } from './presenters.ts';
import {
  claimPendingMail,
  findIssueMatches,
  findPatronMailing,
  findTitleMatches,
  insertMatch,
  lockRunMark,
  patronsWithPendingMail,
  setMatchAlert,
  settleMail,
  writeRunMark,
  type IssueMatchRow,
} from './repository.ts';

/** Where the last run's mark is kept (an institution setting the settings calls never show). */
export const DSI_RUN_MARK_SETTING = '__dsi_ultima_execucao';
/**
 * Institution setting: the catalogue's public address (https://biblioteca.example.edu), so the
 * digest's links open the title pages; without it the digest gives their paths.
 */
export const CATALOGUE_URL_SETTING = 'url_catalogo';

/** What one run did. */
export interface DisseminationReport {
  /** Matches new in this run (a title or an issue for a patron), each with its alert. */
  matches: number;
  /** Digests sent, and those the SMTP server refused (tried again next run). */
  mailed: number;
  mailFailed: number;
}

interface Patron {
  name: string;
  email: string | null;
  receivesEmail: boolean;
  language: ServerLanguage;
}

function issueLabel(row: IssueMatchRow): string {
  return [row.volume && `v. ${row.volume}`, row.number && `n. ${row.number}`, String(row.year)]
    .filter(Boolean)
    .join(', ');
}

/**
 * Matches what was catalogued since the last run against every valid profile, writes one alert per
 * match, and sends each patron one e-mail digest (decision 0052).
 *
 * Order, so that a crash never loses a match nor sends a digest twice:
 * 1. One transaction: lock the mark, find the titles and issues recorded between the mark and now,
 *    write each match (unique per patron and title or issue) with its alert, move the mark to
 *    now. A crash before the commit leaves nothing; the next run finds the same matches.
 * 2. Per patron: claim the matches waiting for e-mail (committed), then send the digest, then mark
 *    them sent. A refusal by the SMTP server puts them back for the next run. A crash between the
 *    claim and the end leaves them claimed: they are never sent again (the alerts are there).
 */
export async function runDissemination(options: {
  db: Db;
  clock: Clock;
  mailer?: Mailer | undefined;
  timeZone?: string;
  onMailError?: (error: unknown) => void;
}): Promise<DisseminationReport> {
  const { db, clock, mailer } = options;
  const timeZone = options.timeZone ?? (await circulationTimeZone(db));
  const today = libraryDay(clock.now(), timeZone);

  const matches = await db.transaction(async (tx) => {
    const mark = await lockRunMark(tx, DSI_RUN_MARK_SETTING);
    const window = { from: mark.last, to: mark.now };
    const titles = await findTitleMatches(tx, { today, window });
    const issues = await findIssueMatches(tx, { today, window });
    const patrons = new Map<number, Patron | null>();
    const patron = async (id: number) => {
      if (!patrons.has(id)) patrons.set(id, await findPatronMailing(tx, id));
      return patrons.get(id) ?? null;
    };
    let count = 0;
    const at = clock.now();
    const record = async (values: {
      patronId: number;
      titleId: number;
      issueKey: string;
      label: string;
      reasons: string[];
    }) => {
      const who = await patron(values.patronId);
      if (!who) return;
      const mails = Boolean(mailer && who.receivesEmail && splitEmails(who.email).length > 0);
      const matchId = await insertMatch(tx, { ...values, at, mail: mails ? 'pending' : 'none' });
      if (matchId === null) return;
      count += 1;
      const alert = await recordAlert(tx, {
        patronId: values.patronId,
        kind: 'interestMatch',
        params: { title: values.label, titleId: values.titleId, reason: values.reasons.join('; ') },
        at,
        onceKey: `interestMatch:${values.titleId}:${values.issueKey}`,
        // The digest below is the e-mail: no e-mail per alert.
        alreadyMailed: true,
      });
      if (alert) await setMatchAlert(tx, matchId, alert.id);
    };

    // One match per patron and title, with every item of the profile it matched.
    const byPatronTitle = new Map<string, typeof titles>();
    for (const row of titles) {
      const key = `${row.patron_id}:${row.title_id}`;
      byPatronTitle.set(key, [...(byPatronTitle.get(key) ?? []), row]);
    }
    for (const rows of byPatronTitle.values()) {
      const first = rows[0]!;
      const language = (await patron(first.patron_id))?.language ?? 'pt';
      await record({
        patronId: first.patron_id,
        titleId: first.title_id,
        issueKey: '',
        label: first.title,
        reasons: [...new Set(rows.map((r) => reasonIn(r, language)))],
      });
    }
    for (const row of issues)
      await record({
        patronId: row.patron_id,
        titleId: row.title_id,
        issueKey: row.issue_key,
        label: `${row.title}: ${issueLabel(row)}`,
        reasons: [row.title],
      });
    await writeRunMark(tx, DSI_RUN_MARK_SETTING, mark.now);
    return count;
  });

  let mailed = 0;
  let mailFailed = 0;
  const site = await catalogueUrl(db);
  for (const patronId of await patronsWithPendingMail(db)) {
    const claimed = await db.transaction((tx) => claimPendingMail(tx, patronId, clock.now()));
    if (claimed.length === 0) continue;
    const ids = claimed.map((m) => m.id);
    const who = await findPatronMailing(db, patronId);
    const to = splitEmails(who?.email);
    if (!mailer || !who?.receivesEmail || to.length === 0) {
      await settleMail(db, ids, 'none', clock.now());
      continue;
    }
    const lines: DigestLine[] = claimed.map((m) => ({
      label: m.label,
      reasons: m.reasons,
      link: `${site}${titlePagePath(m.title_id)}`,
    }));
    const texts = DIGEST_TEXTS[who.language];
    try {
      await mailer.send({ to, subject: texts.subject, text: texts.body(who.name, lines) });
    } catch (error) {
      await settleMail(db, ids, 'pending', clock.now());
      mailFailed += 1;
      options.onMailError?.(error);
      continue;
    }
    await settleMail(db, ids, 'sent', clock.now());
    mailed += 1;
  }
  return { matches, mailed, mailFailed };
}

async function catalogueUrl(db: Queryable): Promise<string> {
  const value = (await readSettings(db))[CATALOGUE_URL_SETTING];
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value.replace(/\/+$/, '') : '';
}
