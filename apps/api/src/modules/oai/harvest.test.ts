import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

/**
 * The whole demo catalogue harvested over HTTP on loopback, in small pages, in both formats, by
 * an harvester we did not write: HTTP::OAI (Debian "libhttp-oai-perl"), which `npm test` installs.
 */
const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./harvest.pl', import.meta.url));
const PAGE = 40;

interface Harvested {
  status: 'live' | 'deleted';
  identifier: string;
  datestamp: string;
  sets: string[];
  content: string;
}

function requireHarvester(): void {
  const probe = spawnSync('perl', ['-MHTTP::OAI', '-e', '1'], { encoding: 'utf8' });
  if (probe.status !== 0)
    throw new Error(
      'The Perl module HTTP::OAI is missing: the OAI-PMH harvest test needs it. Install it with `apt-get install libhttp-oai-perl`.',
    );
}

describe('the demo catalogue harvested by HTTP::OAI', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let base: string;
  const logLines: string[] = [];
  const oaiRequests = () => logLines.filter((line) => line.includes('"url":"/oai?')).length;

  const harvest = async (prefix: string, from?: string) => {
    const { stdout } = await run('perl', [SCRIPT, base, prefix, ...(from ? [from] : [])], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines.filter((l) => l.startsWith('error\t'))).toEqual([]);
    return lines.map((line): Harvested => {
      const [status, identifier, datestamp, sets, content] = line.split('\t');
      return {
        status: status as Harvested['status'],
        identifier: identifier!,
        datestamp: datestamp!,
        sets: sets ? sets.split(',') : [],
        content: content ?? '',
      };
    });
  };

  beforeAll(async () => {
    requireHarvester();
    ctx = await buildTestApp({
      oai: { pageSize: PAGE },
      logLevel: 'info',
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `${address}/oai`;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gets every title in both formats, page by page, then a deletion and a change by an incremental harvest', async () => {
    const titles = await ctx.db.query<{ id: number; title: string; control_number: string }>(
      'SELECT id, title, control_number FROM title ORDER BY id',
    );
    const count = titles.rows.length;
    expect(count).toBeGreaterThan(PAGE * 2);

    const before = oaiRequests();
    const dc = await harvest('oai_dc');
    // Identify, then one request per page.
    expect(oaiRequests() - before).toBe(1 + Math.ceil(count / PAGE));
    expect(dc).toHaveLength(count);
    expect(dc.map((r) => r.identifier)).toEqual(titles.rows.map((t) => `oai:127.0.0.1:${t.id}`));
    expect(
      dc.every((r) => r.status === 'live' && r.content !== '' && r.sets.some((s) => s.startsWith('tipo:'))),
    ).toBe(true);

    const marc = await harvest('marc21');
    expect(marc).toHaveLength(count);
    expect(marc.map((r) => r.content)).toEqual(titles.rows.map((t) => t.control_number));

    // A title nothing else refers to deleted, and another changed, well after everything else.
    const refsTo = async (table: string) =>
      (
        await ctx.db.query<{ table_name: string; column_name: string }>(
          `SELECT kcu.table_name, kcu.column_name FROM information_schema.referential_constraints rc
             JOIN information_schema.key_column_usage kcu USING (constraint_schema, constraint_name)
             JOIN information_schema.constraint_column_usage ccu USING (constraint_schema, constraint_name)
            WHERE ccu.table_name = $1 AND rc.delete_rule <> 'CASCADE'`,
          [table],
        )
      ).rows;
    // Neither the title nor its copies (deleted with it) may be referred to by loans, holds and the like.
    const unreferenced = [
      ...(await refsTo('title')).map(
        (r) => `NOT EXISTS (SELECT 1 FROM ${r.table_name} x WHERE x.${r.column_name} = t.id)`,
      ),
      ...(await refsTo('copy')).map(
        (r) =>
          `NOT EXISTS (SELECT 1 FROM copy c JOIN ${r.table_name} x ON x.${r.column_name} = c.id WHERE c.title_id = t.id)`,
      ),
    ].join(' AND ');
    const goneId = (
      await ctx.db.query<{ id: number }>(
        `SELECT id FROM title t WHERE ${unreferenced || 'true'} ORDER BY id OFFSET 3 LIMIT 1`,
      )
    ).rows[0]!.id;
    const changed = titles.rows[count - 2]!;
    await ctx.db.query(`UPDATE title SET datestamp = '2020-01-01T00:00:00Z'`);
    await ctx.db.query('DELETE FROM title WHERE id = $1', [goneId]);
    await ctx.db.query(
      `UPDATE title SET marc = jsonb_set(marc, '{leader}', to_jsonb('00000cam a2200000 a 4500'::text)) WHERE id = $1`,
      [changed.id],
    );
    const since = await ctx.db.query<{ t: string }>(
      `SELECT to_char(min(datestamp) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS t
         FROM (SELECT datestamp FROM oai_deleted_title UNION ALL SELECT datestamp FROM title WHERE id = $1) d`,
      [changed.id],
    );

    const incremental = await harvest('oai_dc', since.rows[0]!.t);
    expect(incremental.map((r) => [r.identifier, r.status])).toEqual([
      [`oai:127.0.0.1:${goneId}`, 'deleted'],
      [`oai:127.0.0.1:${changed.id}`, 'live'],
    ]);
    const again = await harvest('marc21');
    expect(again).toHaveLength(count);
    expect(again.filter((r) => r.status === 'deleted').map((r) => r.identifier)).toEqual([
      `oai:127.0.0.1:${goneId}`,
    ]);
  });
});
