import { readFile } from 'node:fs/promises';
import { mapTitle, type MarcField, type MarcRecord } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';
import { saveTitle } from '../catalogue/index.ts';
import { demoWorkToMarc } from './demo.ts';

/** An article or chapter the demo library catalogues on its own (an analytic, demo/analytics.json). */
export interface DemoAnalytic {
  id: string;
  kind: 'article' | 'chapter';
  title: string;
  subtitle?: string;
  authors: { name: string; dates?: string }[];
  year: number;
  language: string;
  /** The journal issue or book it is in (773): its title, editors, imprint, "v. n. p." and ISSN. */
  host: { title: string; editors?: string; imprint?: string; related: string; issn?: string };
  subjects: string[];
  area: string;
}

/** Loads the analytics shipped in the repository. */
export async function loadDemoAnalytics(): Promise<DemoAnalytic[]> {
  return JSON.parse(
    await readFile(new URL('./demo/analytics.json', import.meta.url), 'utf8'),
  ) as DemoAnalytic[];
}

/** An analytic as a cataloguer records it: a component part (leader/07 a) with its host in 773. */
export function demoAnalyticToMarc(analytic: DemoAnalytic): MarcRecord {
  const record = demoWorkToMarc({
    id: analytic.id,
    type: 'book',
    title: analytic.title,
    ...(analytic.subtitle ? { subtitle: analytic.subtitle } : {}),
    authors: analytic.authors.map((a) => ({ ...a, role: 'author' })),
    year: analytic.year,
    language: analytic.language,
    subjects: analytic.subjects,
    area: analytic.area,
  });
  const { host } = analytic;
  const subfields = [
    ...(host.editors ? [{ code: 'a', value: host.editors }] : []),
    { code: 't', value: host.title },
    ...(host.imprint ? [{ code: 'd', value: host.imprint }] : []),
    { code: 'g', value: host.related },
    ...(host.issn ? [{ code: 'x', value: host.issn }] : []),
  ];
  const link: MarcField = { tag: '773', ind1: '0', ind2: ' ', subfields };
  return {
    leader: `${record.leader.slice(0, 6)}aa${record.leader.slice(8)}`,
    fields: [...record.fields, link].sort((a, b) => a.tag.localeCompare(b.tag)),
  };
}

/** Catalogues the demo analytics (articles in journals, a chapter of a book) like any imported record. */
export async function seedDemoAnalytics(tx: Queryable): Promise<void> {
  for (const analytic of await loadDemoAnalytics()) {
    const marc = demoAnalyticToMarc(analytic);
    const mapped = mapTitle(marc);
    if ('error' in mapped) throw new Error(`demo analytic ${analytic.id}: ${mapped.error}`);
    await saveTitle(tx, mapped, marc, {
      sourceFormat: 'marc21',
      acquiredOn: null,
      knowledgeArea: analytic.area,
    });
  }
}
