import { createHash } from 'node:crypto';
import type { ServerLanguage } from '../../lib/messages.ts';

/** One title of the feed, as the feed shows it. */
export interface FeedEntry {
  /** Stable, universally unique id of the title (urn:uuid). */
  id: string;
  title: string;
  author: string | null;
  /** Date the title was acquired, YYYY-MM-DD: the entry's updated and published dates. */
  acquiredOn: string;
  /** The title's page in the catalogue (absolute URL). */
  link: string;
  summary: string;
  /** Work type code and its label, as the entry's category. */
  category: { term: string; label: string | null } | null;
}

/** The feed itself (RFC 4287 §4.1.1 required elements and the links a reader subscribes with). */
export interface Feed {
  id: string;
  title: string;
  subtitle: string;
  /** ISO date-time; the newest entry's, else the time the feed was made. */
  updated: string;
  /** The institution, the feed's author. */
  author: string;
  /** This feed's own URL. */
  self: string;
  /** The search page the feed follows. */
  alternate: string;
  language: ServerLanguage;
  entries: FeedEntry[];
}

/** The language tag of the feed's texts. */
const LANGUAGE_TAG: Record<ServerLanguage, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/** Text with the five XML special characters escaped and characters XML 1.0 forbids left out. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A name-based UUID (RFC 4122 version 5, SHA-1) of `name` in `namespace`: the same name always gives the same id. */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An acquisition date as an RFC 3339 date-time (midnight UTC). */
export function feedDate(date: string): string {
  return `${date}T00:00:00Z`;
}

/** The Atom document of a feed (RFC 4287). */
export function renderAtom(feed: Feed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${LANGUAGE_TAG[feed.language]}">`,
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    `  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`,
    `  <updated>${feed.updated}</updated>`,
    `  <author><name>${xmlText(feed.author)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.alternate)}"/>`,
    '  <generator>Estante</generator>',
  ];
  for (const entry of feed.entries) {
    lines.push(
      '  <entry>',
      `    <id>${xmlText(entry.id)}</id>`,
      `    <title type="text">${xmlText(entry.title)}</title>`,
      `    <updated>${feedDate(entry.acquiredOn)}</updated>`,
      `    <published>${feedDate(entry.acquiredOn)}</published>`,
    );
    if (entry.author) lines.push(`    <author><name>${xmlText(entry.author)}</name></author>`);
    lines.push(`    <link rel="alternate" type="text/html" href="${xmlText(entry.link)}"/>`);
    if (entry.category) {
      const label = entry.category.label ? ` label="${xmlText(entry.category.label)}"` : '';
      lines.push(`    <category term="${xmlText(entry.category.term)}"${label}/>`);
    }
    lines.push(`    <summary type="text">${xmlText(entry.summary)}</summary>`, '  </entry>');
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
