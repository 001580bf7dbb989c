// Records per second importing every shared MARC file, on PGlite and on PostgreSQL.
// Baseline in the same run: reading and mapping the same files without writing them.
// IMPORT_BATCH sets the records per batch (default: the importer's own, 500); 1 writes them one
// at a time, as the importer did before decision 0072.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classify, mapAuthority, mapTitle, readMarc } from '@estante/marc';
import { importFile } from '../apps/api/src/modules/imports/service.ts';
import { engines } from './engines.ts';

process.env.TZ = 'UTC';
const DATA = fileURLToPath(new URL('../../shared/data/marc/', import.meta.url));
const files = readdirSync(DATA)
  .filter((f) => /\.(mrc|xml)$/.test(f))
  // Holdings after the bibliographic records they point at.
  .sort((a, b) => Number(a.includes('mfhd')) - Number(b.includes('mfhd')) || a.localeCompare(b))
  .map((f) => join(DATA, f));

const batchSize = process.env.IMPORT_BATCH ? Number(process.env.IMPORT_BATCH) : undefined;
let started = performance.now();
let records = 0;
for (const file of files) {
  for await (const result of readMarc(file)) {
    records++;
    if (!result.ok) continue;
    if (classify(result.record) === 'authority') mapAuthority(result.record);
    else mapTitle(result.record);
  }
}
let seconds = (performance.now() - started) / 1000;
console.log(`${files.length} files, ${records} records, batch ${batchSize ?? 'default (500)'}`);
console.log(`baseline, read + map only: ${seconds.toFixed(2)} s, ${Math.round(records / seconds)} records/s`);

for await (const engine of engines()) {
  started = performance.now();
  let read = 0;
  let skipped = 0;
  for (const file of files) {
    const summary = await importFile(engine.db, file, batchSize ? { batchSize } : {});
    read += summary.read;
    skipped += summary.skipped.length;
  }
  seconds = (performance.now() - started) / 1000;
  console.log(
    `${engine.name}: ${read} records (${skipped} skipped) in ${seconds.toFixed(2)} s, ${Math.round(read / seconds)} records/s`,
  );
  await engine.dispose();
}
