import { readFile } from 'node:fs/promises';
import { mapTitle } from '@estante/marc';
import type { Queryable } from '../../lib/db/index.ts';
import { ensureNetworkInstitution, saveNetworkRecord } from '../network/index.ts';
import { demoWorkToMarc, type DemoWork } from './demo.ts';

/** An institution of the demo library network with the works it catalogued (demo/network.json). */
export interface DemoNetworkInstitution {
  /** cod_empresa. */
  code: number;
  /** desc_empresa. */
  name: string;
  /** The 003 of its records (the agency whose control numbers they carry). */
  source: string;
  works: DemoWork[];
}

/** The demo network shipped in the repository: two institutions with a few works each. */
export async function loadDemoNetwork(): Promise<DemoNetworkInstitution[]> {
  return JSON.parse(
    await readFile(new URL('./demo/network.json', import.meta.url), 'utf8'),
  ) as DemoNetworkInstitution[];
}

/**
 * Loads the demo network through the same MARC path as `estante import --network`: each work
 * becomes the MARC record its institution would have made. Returns the number of records.
 */
export async function seedDemoNetwork(tx: Queryable): Promise<number> {
  let records = 0;
  for (const institution of await loadDemoNetwork()) {
    const { id } = await ensureNetworkInstitution(tx, { code: institution.code, name: institution.name });
    for (const work of institution.works) {
      const marc = demoWorkToMarc(work);
      const source = marc.fields.find((f) => f.tag === '003');
      if (source) source.value = institution.source;
      const mapped = mapTitle(marc);
      if ('error' in mapped) throw new Error(`demo network work ${work.id}: ${mapped.error}`);
      await saveNetworkRecord(tx, id, mapped, marc, { sourceFormat: 'marc21' });
      records++;
    }
  }
  return records;
}
