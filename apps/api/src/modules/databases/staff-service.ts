import {
  CONTENT_ERRORS,
  type EditableResearchDatabase,
  type ResearchDatabaseRequest,
} from '@estante/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db/index.ts';
import { ERRORS } from '../../lib/errors.ts';
import { recordStaffAction, type StaffActor } from '../staff/index.ts';
import {
  deleteDatabase,
  findDatabases,
  insertDatabase,
  isDatabaseNameTaken,
  lockDatabase,
  updateDatabase,
  type ResearchDatabaseInput,
  type ResearchDatabaseRow,
} from './repository.ts';

// The research databases edited in the staff workspace (decision 0063): the table `estante
// databases` writes and patrons read; each change with its audit entry, in its transaction.

const nameTaken = () =>
  ERRORS.rule(CONTENT_ERRORS.DATABASE_NAME_TAKEN.code, CONTENT_ERRORS.DATABASE_NAME_TAKEN.key);

/** A database as the editor reads it: its own address, never the proxied one. */
export function presentEditableDatabase(row: ResearchDatabaseRow): EditableResearchDatabase {
  return {
    codigo: row.id,
    nome: row.name,
    descricao: row.description,
    areas: row.areas,
    link: row.url,
    assinada: row.is_subscribed,
  };
}

/** A database as the audit log keeps it. */
function snapshot(row: ResearchDatabaseRow) {
  return {
    name: row.name,
    description: row.description,
    areas: row.areas,
    url: row.url,
    subscribed: row.is_subscribed,
  };
}

function inputOf(request: ResearchDatabaseRequest): ResearchDatabaseInput {
  return {
    name: request.nome,
    description: request.descricao,
    areas: request.areas,
    url: request.link,
    is_subscribed: request.assinada,
  };
}

/** Two editors giving one name at once: the second meets the unique name, refused like the first check. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw nameTaken();
    throw error;
  }
}

export async function editableDatabases(db: Db): Promise<EditableResearchDatabase[]> {
  return (await findDatabases(db)).map(presentEditableDatabase);
}

export async function addDatabase(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  request: ResearchDatabaseRequest,
): Promise<EditableResearchDatabase> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      if (await isDatabaseNameTaken(tx, request.nome, null)) throw nameTaken();
      const row = await insertDatabase(tx, inputOf(request));
      await recordStaffAction(tx, {
        actor,
        action: 'database.add',
        target: { kind: 'research_database', id: row.id },
        before: null,
        after: snapshot(row),
        at: clock.now(),
      });
      return presentEditableDatabase(row);
    }),
  );
}

export async function editDatabase(
  db: Db,
  clock: Clock,
  actor: StaffActor,
  id: number,
  request: ResearchDatabaseRequest,
): Promise<EditableResearchDatabase> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const before = await lockDatabase(tx, id);
      if (!before) throw ERRORS.notFound();
      if (await isDatabaseNameTaken(tx, request.nome, id)) throw nameTaken();
      const after = await updateDatabase(tx, id, inputOf(request));
      const [was, is] = [snapshot(before), snapshot(after)];
      if (JSON.stringify(was) !== JSON.stringify(is)) {
        await recordStaffAction(tx, {
          actor,
          action: 'database.edit',
          target: { kind: 'research_database', id },
          before: was,
          after: is,
          at: clock.now(),
        });
      }
      return presentEditableDatabase(after);
    }),
  );
}

export async function removeDatabase(db: Db, clock: Clock, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDatabase(tx, id);
    if (!before) throw ERRORS.notFound();
    await deleteDatabase(tx, id);
    await recordStaffAction(tx, {
      actor,
      action: 'database.remove',
      target: { kind: 'research_database', id },
      before: snapshot(before),
      after: null,
      at: clock.now(),
    });
  });
}
