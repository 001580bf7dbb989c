import type { Queryable } from '../../lib/db/index.ts';
import type { ServerLanguage } from '../../lib/messages.ts';

/** A patron as staff find and read them. */
export interface StaffPatronRow {
  id: number;
  login: string;
  name: string;
  email: string | null;
  category_label: string;
  tax_number: string | null;
  id_number: string | null;
  /** The password is not set yet (an import without one); recovery lifts it. */
  password_unset: boolean;
  /** The library's block (decision 0062); only staff lift it. */
  block_reason: string | null;
  blocked_at: Date | string | null;
  blocked_by: string | null;
  mail_language: ServerLanguage;
}

const COLUMNS = `p.id, p.login, p.name, p.email, p.tax_number, p.id_number, p.is_blocked AS password_unset, p.block_reason,
  p.blocked_at, p.blocked_by, p.mail_language,
  CASE $1::text WHEN 'en' THEN c.label_en WHEN 'es' THEN c.label_es ELSE c.label_pt END AS category_label`;

/**
 * Patrons whose name holds every word of `text`, or whose login, e-mail (any of them), RG, CPF,
 * person key or alias holds it; accents and case ignored (f_norm). Empty text: every patron.
 * Answers one page by name, and how many match in all.
 */
export async function searchPatrons(
  db: Queryable,
  input: { text: string; limit: number; offset: number; language: ServerLanguage },
): Promise<{ rows: StaffPatronRow[]; total: number }> {
  const words = input.text.split(/\s+/).filter(Boolean);
  const digits = input.text.replace(/\D/g, '');
  const { rows } = await db.query<StaffPatronRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total
       FROM patron p JOIN patron_category c ON c.code = p.category_code
      WHERE $2::text = ''
         OR NOT EXISTS (SELECT 1 FROM unnest($3::text[]) w WHERE position(f_norm(w) IN f_norm(p.name)) = 0)
         OR position(f_norm($2) IN f_norm(p.login)) > 0
         OR position(f_norm($2) IN f_norm(coalesce(p.email, ''))) > 0
         OR EXISTS (SELECT 1 FROM unnest(p.other_emails) e WHERE position(f_norm($2) IN f_norm(e)) > 0)
         OR position(f_norm($2) IN f_norm(coalesce(p.id_number, ''))) > 0
         OR ($4::text <> '' AND position($4 IN coalesce(p.tax_number, '')) > 0)
         OR f_norm(coalesce(p.person_key, '')) = f_norm($2)
         OR EXISTS (SELECT 1 FROM patron_alias a WHERE a.patron_id = p.id AND a.alias = lower($2))
      ORDER BY f_norm(p.name), p.id
      LIMIT $5 OFFSET $6`,
    [input.language, input.text, words, digits.length >= 3 ? digits : '', input.limit, input.offset],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.offset > 0) {
    // A page past the end still says how many there are.
    total = (await searchPatrons(db, { ...input, offset: 0, limit: 1 })).total;
  }
  return { rows, total };
}

/** The patron with this login (any case); `lock` holds the row until the transaction ends. */
export async function findPatronByLogin(
  db: Queryable,
  login: string,
  language: ServerLanguage,
  lock = false,
): Promise<StaffPatronRow | null> {
  const { rows } = await db.query<StaffPatronRow>(
    `SELECT ${COLUMNS} FROM patron p JOIN patron_category c ON c.code = p.category_code
      WHERE lower(p.login) = lower($2)${lock ? ' FOR UPDATE OF p' : ''}`,
    [language, login],
  );
  return rows[0] ?? null;
}

/** Blocks the patron with the library's reason (decision 0062). */
export async function setBlock(
  tx: Queryable,
  patronId: number,
  block: { reason: string; at: Date; by: string },
): Promise<void> {
  await tx.query(
    'UPDATE patron SET block_reason = $2, blocked_at = $3::timestamptz, blocked_by = $4 WHERE id = $1',
    [patronId, block.reason, block.at.toISOString(), block.by],
  );
}

/** Lifts the library's block (a password not set yet stays so). */
export async function clearBlock(tx: Queryable, patronId: number): Promise<void> {
  await tx.query(
    'UPDATE patron SET block_reason = NULL, blocked_at = NULL, blocked_by = NULL WHERE id = $1',
    [patronId],
  );
}
