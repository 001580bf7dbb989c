import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  MARC_IMPORT_ERRORS,
  MARC_IMPORTS_LISTED,
  MARC_UPLOAD_FIELD,
  MARC_UPLOAD_MAX_BYTES,
  MarcImportIdParamsSchema,
  MarcImportSchema,
  MarcImportsSchema,
  STAFF_PATHS,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { recordStaffAction, requireStaffRole, staffActor } from '../staff/index.ts';
import { createImportQueue } from './jobs.ts';
import {
  findImportJob,
  insertImportJob,
  interruptUnfinishedJobs,
  listImportJobs,
} from './jobs-repository.ts';
import { presentImportJob } from './presenters.ts';

const refuse = (refusal: { code: string; key: string }) => ERRORS.rule(refusal.code, refusal.key);

/** The format a file's first bytes say: MARCXML starts with '<', ISO 2709 with its five-digit length. */
export function sniffMarcFormat(head: Buffer): 'marc21' | 'marcxml' | null {
  const text = head
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart();
  if (text.startsWith('<')) return 'marcxml';
  if (/^\d{5}/.test(text)) return 'marc21';
  return null;
}

/** The upload written to a folder of its own; null when the request carried no file. */
async function receiveUpload(
  request: FastifyRequest,
): Promise<{ dir: string; path: string; name: string; size: number; truncated: boolean } | null> {
  if (!request.isMultipart()) return null;
  let received: { dir: string; path: string; name: string; size: number; truncated: boolean } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== MARC_UPLOAD_FIELD || received) {
        part.file.resume();
        continue;
      }
      const dir = await mkdtemp(join(tmpdir(), 'estante-marc-'));
      const path = join(dir, 'upload');
      received = { dir, path, name: part.filename || 'arquivo', size: 0, truncated: false };
      const target = received;
      part.file.on('data', (chunk: Buffer) => (target.size += chunk.length));
      await pipeline(part.file, createWriteStream(path));
      target.truncated = part.file.truncated;
    }
  } catch (error) {
    if (received) await rm(received.dir, { recursive: true, force: true });
    // @fastify/multipart's own limits (a second file, too many fields) answer 413: one refusal for both.
    if ((error as { statusCode?: number }).statusCode === 413) throw refuse(MARC_IMPORT_ERRORS.TOO_LARGE);
    throw error;
  }
  return received;
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await file.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The catalogue's MARC upload in the staff workspace (decision 0063), for the cataloguing role: the
 * file is written to disk as it arrives (up to MARC_UPLOAD_MAX_BYTES), the answer is the queued
 * job, and the server imports the file after it with the same importer as `estante import`. The
 * screen reads the job again for the records read so far and, at the end, the report.
 */
export async function catalogueImportRoutes(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; userGuard: preHandlerAsyncHookHandler; mailer?: Mailer | undefined },
): Promise<void> {
  const { db, clock, userGuard } = options;
  // Only this scope parses multipart bodies; one file, streamed, never held in memory.
  await app.register(multipart, { limits: { fileSize: MARC_UPLOAD_MAX_BYTES, files: 1, fields: 4 } });
  // A job a stopped server left behind lost its file with the process (one server runs the imports).
  await interruptUnfinishedJobs(db, clock.now());
  const queue = createImportQueue({ db, clock, mailer: options.mailer, log: app.log });
  app.addHook('onClose', () => queue.close());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const cataloguing = [userGuard, requireStaffRole(db, 'catalogacao')];

  r.get(
    STAFF_PATHS.catalogueImports,
    {
      onRequest: cataloguing,
      schema: {
        tags,
        summary: 'The latest MARC imports, newest first (cataloguing)',
        response: { 200: MarcImportsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async () => ({ data: (await listImportJobs(db, MARC_IMPORTS_LISTED)).map(presentImportJob) }),
  );
  r.get(
    STAFF_PATHS.catalogueImport(':id'),
    {
      onRequest: cataloguing,
      schema: {
        tags,
        summary: 'One MARC import: the records read so far, and the report when it ends (cataloguing)',
        params: MarcImportIdParamsSchema,
        response: {
          200: MarcImportSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const job = await findImportJob(db, request.params.id);
      if (!job) throw ERRORS.notFound();
      return presentImportJob(job);
    },
  );
  r.post(
    STAFF_PATHS.catalogueImports,
    {
      onRequest: cataloguing,
      schema: {
        tags,
        summary: `Upload a MARC file (ISO 2709 or MARCXML, multipart field "${MARC_UPLOAD_FIELD}", at most ${MARC_UPLOAD_MAX_BYTES / 1024 / 1024} MB): the import runs after the answer (cataloguing)`,
        consumes: ['multipart/form-data'],
        response: {
          202: MarcImportSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = await staffActor(db, request);
      const upload = await receiveUpload(request);
      if (!upload) throw refuse(MARC_IMPORT_ERRORS.FILE_REQUIRED);
      let queued = false;
      try {
        if (upload.truncated) throw refuse(MARC_IMPORT_ERRORS.TOO_LARGE);
        if (upload.size === 0) throw refuse(MARC_IMPORT_ERRORS.FILE_REQUIRED);
        const format = sniffMarcFormat(await readHead(upload.path));
        if (!format) throw refuse(MARC_IMPORT_ERRORS.NOT_MARC);
        // The importer reads the format from the extension.
        const path = `${upload.path}.${format === 'marcxml' ? 'xml' : 'mrc'}`;
        await rename(upload.path, path);
        const at = clock.now();
        const job = await db.transaction(async (tx) => {
          const row = await insertImportJob(tx, {
            fileName: upload.name.slice(0, 255),
            format,
            sizeBytes: upload.size,
            uploadedBy: actor,
            at,
          });
          await recordStaffAction(tx, {
            actor,
            action: 'marc.import',
            target: { kind: 'marc_import', id: row.id },
            before: null,
            after: { file: row.file_name, format, bytes: upload.size },
            at,
          });
          return row;
        });
        queue.enqueue({ jobId: Number(job.id), path, dir: upload.dir });
        queued = true;
        return reply.code(202).send(presentImportJob(job));
      } finally {
        if (!queued) await rm(upload.dir, { recursive: true, force: true });
      }
    },
  );
}
