import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Db } from '../../lib/db/index.ts';
import { readSettings } from '../institution/index.ts';
import { PROXY_SETTING, presentDatabase, proxyPrefix } from './presenters.ts';
import { deleteDatabase, findDatabases, upsertDatabase, type ResearchDatabaseInput } from './repository.ts';

/** Usage lines of `estante databases`, shown in `estante help`. */
export const DATABASES_USAGE = `  estante databases list                  the library's databases (SPEC bases-dados) with their links
  estante databases add --name N --url URL [--description D] [--areas "A;B"] [--subscribed]
                                          add a database, or replace the one of that name; a subscribed
                                          one opens through settings ${PROXY_SETTING} (e.g.
                                          https://proxy.example/login?url=) when it is set
  estante databases remove ID|NAME        remove a database
  estante databases import FILE.json      add or replace the databases of a JSON array of
                                          {nome, descricao, areas, link, assinada}`;

/** Output of a command; the CLI prints it (tests read it). */
export interface DatabaseCommandOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

const webAddress = z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) address');

/** One entry of an import file: the wire's names, as GET bases-dados answers them. */
const ImportEntrySchema = z.object({
  nome: z.string().trim().min(1).max(200),
  descricao: z.string().trim().max(2000).default(''),
  areas: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  link: webAddress,
  assinada: z.boolean().default(false),
});
const ImportFileSchema = z.array(ImportEntrySchema).min(1);

function toInput(entry: z.infer<typeof ImportEntrySchema>): ResearchDatabaseInput {
  return {
    name: entry.nome,
    description: entry.descricao,
    areas: entry.areas,
    url: entry.link,
    is_subscribed: entry.assinada,
  };
}

/** `estante databases …`: answers the exit code. */
export async function runDatabasesCommand(
  db: Db,
  args: string[],
  out: DatabaseCommandOutput,
): Promise<number> {
  const [action, ...rest] = args;
  const usage = () => {
    out.error(`usage:\n${DATABASES_USAGE}`);
    return 2;
  };
  switch (action) {
    case 'list': {
      const proxy = proxyPrefix(await readSettings(db));
      const rows = await findDatabases(db);
      if (rows.length === 0) out.log('No databases.');
      for (const row of rows) {
        const shown = presentDatabase(row, proxy);
        out.log(
          `${row.id}\t${row.is_subscribed ? 'subscribed' : 'open'}\t${row.name}\t${shown.link}` +
            (row.areas.length ? `\t${row.areas.join('; ')}` : ''),
        );
      }
      return 0;
    }
    case 'add': {
      let values;
      try {
        ({ values } = parseArgs({
          args: rest,
          options: {
            name: { type: 'string' },
            url: { type: 'string' },
            description: { type: 'string' },
            areas: { type: 'string' },
            subscribed: { type: 'boolean' },
          },
        }));
      } catch (error) {
        out.error(`estante databases add: ${(error as Error).message}`);
        return 2;
      }
      const parsed = ImportEntrySchema.safeParse({
        nome: values.name,
        link: values.url,
        descricao: values.description,
        areas: values.areas
          ?.split(';')
          .map((area) => area.trim())
          .filter(Boolean),
        assinada: values.subscribed ?? false,
      });
      if (!parsed.success) {
        out.error(`estante databases add: ${z.prettifyError(parsed.error)}`);
        return usage();
      }
      const id = await upsertDatabase(db, toInput(parsed.data));
      out.log(`Database ${id} (${parsed.data.nome}) saved.`);
      return 0;
    }
    case 'remove': {
      const [which] = rest;
      if (!which || rest.length > 1) return usage();
      const found = await deleteDatabase(db, /^\d{1,9}$/.test(which) ? Number(which) : which);
      out.log(found ? `Database ${which} removed.` : `No database ${which}.`);
      return found ? 0 : 1;
    }
    case 'import': {
      const [file] = rest;
      if (!file || rest.length > 1) return usage();
      let data: unknown;
      try {
        data = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        out.error(`estante databases import: ${file}: ${(error as Error).message}`);
        return 1;
      }
      const parsed = ImportFileSchema.safeParse(data);
      if (!parsed.success) {
        // Nothing is written unless the whole file is right.
        out.error(`estante databases import: ${file}: ${z.prettifyError(parsed.error)}`);
        return 1;
      }
      await db.transaction(async (tx) => {
        for (const entry of parsed.data) await upsertDatabase(tx, toInput(entry));
      });
      out.log(`${parsed.data.length} databases imported from ${file}.`);
      return 0;
    }
    default:
      return usage();
  }
}
