import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  INSTITUTION_PAGES,
  INSTITUTION_SETTINGS,
  PAPER_POSTING_SETTINGS,
  isSettingValue,
  type InstitutionSettingKey,
} from '@estante/contract';
import type { Db } from '../../lib/db/index.ts';
import {
  addEvent,
  addFaq,
  deleteEvent,
  deleteFaq,
  deletePage,
  findLibraryByCode,
  listEvents,
  listFaq,
  listOpeningHours,
  replaceOpeningHours,
  writeEventText,
  writeFaqText,
  writeActivityInformation,
  writePage,
  writeSetting,
  type ContentLanguage,
  type EventKind,
} from './repository.ts';
import { COMMENT_LIMIT_SETTING } from './service.ts';
import { FOOTER_LINK_SETTINGS, isWebAddress } from './presenters.ts';

/** Usage lines of the institution-content commands, shown in `estante help`. */
export const INSTITUTION_USAGE = `  estante settings page secao_1|secao_2|informacoes_gerais --title T (--html H | --file F) [--lang pt|en|es]
  estante settings page KEY --remove         remove a home section or the general information
  estante settings faq list [--lang L]       list the FAQ with ids
  estante settings faq add --question Q (--answer H | --file F) [--position N]
  estante settings faq translate ID --lang en|es --question Q --answer H
  estante settings faq remove ID
  estante settings hours LIBRARY DAYS HH:MM-HH:MM[,HH:MM-HH:MM]|closed
                                             opening hours of a library (code, e.g. BC); DAYS: 1-7, mon…sun,
                                             seg…dom, a range (mon-fri) or a list (sat,sun)
  estante settings hours [--campus ID]       show the opening hours
  estante settings event add institucional|eventum --title T --start ISO [--end ISO] [--location L] [--link URL] [--description D]
  estante settings event translate ID --lang en|es --title T [--description D]
  estante settings event list [--kind K]     list events from today on
  estante settings event remove ID
  estante settings comment-limit N           general comments a patron may send in 24 hours
  estante settings activity-info CODE (--html H | --file F | --remove) [--lang pt|en|es]
                                             information text shown where an activity is offered
                                             (e.g. atop its personal-area screen)`;

/** Output of a command; the CLI prints it (tests read it). */
export interface CommandOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

const consoleOutput: CommandOutput = { log: console.log, error: console.error };

const DAY_NAMES: Record<string, number> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 7,
  seg: 1,
  ter: 2,
  qua: 3,
  qui: 4,
  sex: 5,
  sab: 6,
  sáb: 6,
  dom: 7,
};

/** Weekdays (1 Monday … 7 Sunday) named by "3", "mon", "seg", "mon-fri" or "sat,sun"; null when unreadable. */
export function parseDays(text: string): number[] | null {
  const day = (part: string): number | null => {
    const lower = part.trim().toLowerCase();
    if (/^[1-7]$/.test(lower)) return Number(lower);
    return DAY_NAMES[lower] ?? null;
  };
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to, extra] = part.split('-');
    if (extra !== undefined || from === undefined) return null;
    const start = day(from);
    const end = to === undefined ? start : day(to);
    if (start === null || end === null || end < start) return null;
    for (let d = start; d <= end; d += 1) days.add(d);
  }
  return [...days].sort();
}

/** Open intervals from "08:00-12:00,13:00-17:00" ([] for "closed"); null when unreadable or overlapping. */
export function parseIntervals(text: string): { opens: string; closes: string }[] | null {
  if (['closed', 'fechado', 'cerrado'].includes(text.trim().toLowerCase())) return [];
  const intervals: { opens: string; closes: string }[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]):([0-5]\d)\s*$/.exec(part);
    if (!match) return null;
    const opens = `${match[1]}:${match[2]}`;
    const closes = `${match[3]}:${match[4]}`;
    if (closes <= opens) return null;
    intervals.push({ opens, closes });
  }
  intervals.sort((a, b) => a.opens.localeCompare(b.opens));
  for (let i = 1; i < intervals.length; i += 1) {
    if (intervals[i]!.opens < intervals[i - 1]!.closes) return null;
  }
  return intervals;
}

function contentLanguage(value: string | undefined): ContentLanguage | null {
  const language = value ?? 'pt';
  return language === 'pt' || language === 'en' || language === 'es' ? language : null;
}

function positiveId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function moment(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

async function htmlFrom(values: { html?: string; file?: string }): Promise<string | undefined> {
  if (values.file) return readFile(values.file, 'utf8');
  return values.html;
}

async function pageCommand(db: Db, args: string[], out: CommandOutput): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      html: { type: 'string' },
      file: { type: 'string' },
      lang: { type: 'string' },
      remove: { type: 'boolean' },
    },
  });
  const key = positionals[0];
  if (!key || !(INSTITUTION_PAGES as readonly string[]).includes(key)) {
    out.error(`estante settings page: KEY must be one of ${INSTITUTION_PAGES.join(', ')}.`);
    return 2;
  }
  if (values.remove) {
    const removed = await deletePage(db, key);
    out.log(removed ? `Page ${key} removed.` : `No page ${key}.`);
    return 0;
  }
  const language = contentLanguage(values.lang);
  const body = await htmlFrom(values);
  if (!language || !values.title?.trim() || !body?.trim()) {
    out.error('usage: estante settings page KEY --title TEXT (--html HTML | --file PATH) [--lang pt|en|es]');
    return 2;
  }
  if (!(await writePage(db, key, language, { title: values.title.trim(), body }))) {
    out.error(`Page ${key} has no Portuguese text yet: write it first (without --lang).`);
    return 1;
  }
  out.log(`Page ${key} (${language}) saved.`);
  return 0;
}

async function faqCommand(db: Db, args: string[], out: CommandOutput): Promise<number> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      question: { type: 'string' },
      answer: { type: 'string' },
      file: { type: 'string' },
      lang: { type: 'string' },
      position: { type: 'string' },
    },
  });
  switch (action) {
    case 'list': {
      const language = contentLanguage(values.lang);
      if (!language) return usage(out, 'estante settings faq list [--lang pt|en|es]');
      for (const entry of await listFaq(db, language)) out.log(`${entry.id}\t${entry.question}`);
      return 0;
    }
    case 'add': {
      const answer = await htmlFrom({
        ...(values.answer ? { html: values.answer } : {}),
        ...(values.file ? { file: values.file } : {}),
      });
      const position = values.position === undefined ? undefined : positiveId(values.position);
      const question = values.question?.trim();
      if (!question || !answer?.trim() || position === null) {
        return usage(
          out,
          'estante settings faq add --question TEXT (--answer HTML | --file PATH) [--position N]',
        );
      }
      const id = await db.transaction((tx) =>
        addFaq(tx, {
          question,
          answer,
          ...(position === undefined ? {} : { position }),
        }),
      );
      out.log(`FAQ entry ${id} added.`);
      return 0;
    }
    case 'translate': {
      const id = positiveId(positionals[0]);
      const language = contentLanguage(values.lang);
      if (!id || !language || language === 'pt' || !values.question?.trim() || !values.answer?.trim()) {
        return usage(out, 'estante settings faq translate ID --lang en|es --question TEXT --answer HTML');
      }
      const found = await writeFaqText(db, id, language, {
        question: values.question.trim(),
        answer: values.answer,
      });
      out.log(found ? `FAQ entry ${id} (${language}) saved.` : `No FAQ entry ${id}.`);
      return found ? 0 : 1;
    }
    case 'remove': {
      const id = positiveId(positionals[0]);
      if (!id) return usage(out, 'estante settings faq remove ID');
      const found = await deleteFaq(db, id);
      out.log(found ? `FAQ entry ${id} removed.` : `No FAQ entry ${id}.`);
      return found ? 0 : 1;
    }
    default:
      return usage(out, 'estante settings faq list|add|translate|remove …');
  }
}

async function hoursCommand(db: Db, args: string[], out: CommandOutput): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { campus: { type: 'string' } },
  });
  if (positionals.length === 0) {
    const campus = values.campus === undefined ? undefined : positiveId(values.campus);
    if (campus === null) return usage(out, 'estante settings hours [--campus ID]');
    for (const row of await listOpeningHours(db, campus)) {
      out.log(
        `${row.campus_name}\t${row.library_name}\t${row.weekday ?? '-'}\t${row.opens ? `${row.opens}-${row.closes}` : 'closed'}`,
      );
    }
    return 0;
  }
  const [code, daysText, intervalsText] = positionals;
  const days = daysText ? parseDays(daysText) : null;
  const intervals = intervalsText ? parseIntervals(intervalsText) : null;
  if (!code || !days || !intervals) {
    return usage(out, 'estante settings hours LIBRARY DAYS HH:MM-HH:MM[,HH:MM-HH:MM]|closed');
  }
  const library = await findLibraryByCode(db, code);
  if (!library) {
    out.error(`No library with code ${code}.`);
    return 1;
  }
  await db.transaction(async (tx) => {
    for (const day of days) await replaceOpeningHours(tx, library.id, day, intervals);
  });
  out.log(`Opening hours of ${library.name} saved.`);
  return 0;
}

async function eventCommand(db: Db, args: string[], out: CommandOutput): Promise<number> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      description: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      location: { type: 'string' },
      link: { type: 'string' },
      lang: { type: 'string' },
      kind: { type: 'string' },
    },
  });
  const isKind = (value: string | undefined): value is EventKind =>
    value === 'institucional' || value === 'eventum';
  switch (action) {
    case 'add': {
      const kind = positionals[0];
      const startsAt = moment(values.start);
      const endsAt = values.end === undefined ? null : moment(values.end);
      const badLink = values.link !== undefined && !/^https?:\/\//i.test(values.link);
      if (!isKind(kind) || !values.title?.trim() || !startsAt || (values.end && !endsAt) || badLink) {
        return usage(
          out,
          'estante settings event add institucional|eventum --title T --start ISO [--end ISO] [--location L] [--link https://…] [--description D]',
        );
      }
      if (endsAt && endsAt < startsAt) {
        out.error('The end of an event cannot come before its start.');
        return 2;
      }
      const id = await addEvent(db, {
        kind,
        title: values.title.trim(),
        description: values.description ?? null,
        startsAt,
        endsAt,
        location: values.location ?? null,
        link: values.link ?? null,
      });
      out.log(`Event ${id} added.`);
      return 0;
    }
    case 'translate': {
      const id = positiveId(positionals[0]);
      const language = contentLanguage(values.lang);
      if (!id || !language || language === 'pt' || !values.title?.trim()) {
        return usage(out, 'estante settings event translate ID --lang en|es --title T [--description D]');
      }
      const found = await writeEventText(db, id, language, {
        title: values.title.trim(),
        description: values.description ?? null,
      });
      out.log(found ? `Event ${id} (${language}) saved.` : `No event ${id}.`);
      return found ? 0 : 1;
    }
    case 'list': {
      const kinds: EventKind[] = isKind(values.kind) ? [values.kind] : ['institucional', 'eventum'];
      for (const kind of kinds) {
        for (const event of await listEvents(db, { kind, language: 'pt', from: new Date() })) {
          out.log(`${event.id}\t${kind}\t${new Date(event.starts_at).toISOString()}\t${event.title}`);
        }
      }
      return 0;
    }
    case 'remove': {
      const id = positiveId(positionals[0]);
      if (!id) return usage(out, 'estante settings event remove ID');
      const found = await deleteEvent(db, id);
      out.log(found ? `Event ${id} removed.` : `No event ${id}.`);
      return found ? 0 : 1;
    }
    default:
      return usage(out, 'estante settings event add|translate|list|remove …');
  }
}

function usage(out: CommandOutput, line: string): number {
  out.error(`usage: ${line}`);
  return 2;
}

/** What a listed setting takes, in the command's words. */
function describeSetting(key: InstitutionSettingKey): string {
  const kind = INSTITUTION_SETTINGS[key];
  switch (kind.tipo) {
    case 'booleano':
      return 'must be true or false';
    case 'inteiro':
      return `must be a whole number from ${kind.minimo} to ${kind.maximo}`;
    case 'texto':
      return `must be text of at most ${kind.max_caracteres} characters${kind.anulavel ? ', or null' : ''}`;
    case 'endereco':
      return 'must be an http:// or https:// address, or null';
  }
}

/**
 * `estante settings set KEY VALUE`: any institution setting. VALUE is JSON when it reads as JSON
 * (true, 3, null), else plain text. A footer link's address must be http(s), or null to remove it.
 */
async function setCommand(db: Db, args: string[], out: CommandOutput): Promise<number> {
  const [key, value] = args;
  if (!key || value === undefined) return usage(out, 'estante settings set KEY VALUE');
  let parsed: unknown = value;
  try {
    parsed = JSON.parse(value);
  } catch {
    // Plain text values need no quotes on the command line.
  }
  const footerLink = FOOTER_LINK_SETTINGS.find((link) => link.address === key || link.label === key);
  if (footerLink?.address === key && parsed !== null && !isWebAddress(parsed)) {
    out.error(`${key} must be an http:// or https:// address, or null to remove the link.`);
    return 2;
  }
  // A link's text is text even when it reads as JSON ("2026").
  if (footerLink?.label === key && parsed !== null) parsed = value;
  // Paper posting (decision 0053): the repository's address, and the key it shares (text, ≥ 32 characters).
  if (key === PAPER_POSTING_SETTINGS.address && parsed !== null && !isWebAddress(parsed)) {
    out.error(`${key} must be an http:// or https:// address, or null to turn paper posting off.`);
    return 2;
  }
  if (key === PAPER_POSTING_SETTINGS.key && parsed !== null) {
    parsed = value;
    if (value.length < 32) {
      out.error(`${key} must be at least 32 characters long (the repository verifies tokens with it).`);
      return 2;
    }
  }
  // The settings the workspace offers on screen (decision 0065) follow the same rules here.
  if (Object.hasOwn(INSTITUTION_SETTINGS, key)) {
    const listed = key as InstitutionSettingKey;
    if (INSTITUTION_SETTINGS[listed].tipo === 'texto' && parsed !== null) parsed = value.trim();
    if (!isSettingValue(listed, parsed)) {
      out.error(`${key}: ${describeSetting(listed)}.`);
      return 2;
    }
  }
  await writeSetting(db, key, parsed);
  out.log(`Setting ${key} saved.`);
  return 0;
}

/**
 * `estante settings set|page|faq|hours|event|comment-limit …`: institution settings and targeted edits
 * of the institution pages (SPEC §7 /parametros/*) from the command line. Returns the process exit code.
 */
async function activityInfoCommand(db: Db, args: string[], out: CommandOutput): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      html: { type: 'string' },
      file: { type: 'string' },
      lang: { type: 'string' },
      remove: { type: 'boolean' },
    },
  });
  const code = positiveId(positionals[0]);
  const language = contentLanguage(values.lang);
  const html = values.remove ? null : ((await htmlFrom(values))?.trim() ?? '');
  if (code === null || positionals.length > 1 || !language || html === '') {
    return usage(
      out,
      'estante settings activity-info CODE (--html H | --file F | --remove) [--lang pt|en|es]',
    );
  }
  if (!(await writeActivityInformation(db, code, language, html))) {
    out.error(`No activity ${code}.`);
    return 1;
  }
  out.log(
    html === null
      ? `Information of activity ${code} (${language}) removed.`
      : `Information of activity ${code} (${language}) saved.`,
  );
  return 0;
}

export async function runInstitutionCommand(
  db: Db,
  args: string[],
  out: CommandOutput = consoleOutput,
): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'set':
      return setCommand(db, rest, out);
    case 'page':
      return pageCommand(db, rest, out);
    case 'faq':
      return faqCommand(db, rest, out);
    case 'hours':
      return hoursCommand(db, rest, out);
    case 'event':
      return eventCommand(db, rest, out);
    case 'activity-info':
      return activityInfoCommand(db, rest, out);
    case 'comment-limit': {
      const value = rest[0];
      if (!value || !/^\d{1,4}$/.test(value)) return usage(out, 'estante settings comment-limit N');
      await writeSetting(db, COMMENT_LIMIT_SETTING, Number(value));
      out.log(`Patrons may send ${value} comments in 24 hours.`);
      return 0;
    }
    default:
      out.error(`usage: estante settings set KEY VALUE\n${INSTITUTION_USAGE}`);
      return 2;
  }
}
