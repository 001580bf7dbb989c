import { z } from 'zod';
import { queryIdSchema, textSchema } from './input.ts';
import { CampusSchema, LibrarySchema } from './institution.ts';

/** SPEC §7 lookups: `search_text` (any part of the name or code, accents and case ignored) and `page`. */
export const LookupQuerySchema = z.object({
  search_text: textSchema().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type LookupQuery = z.infer<typeof LookupQuerySchema>;

/** /consulta/bibliotecas also takes the campus (SPEC §7 "also codCampus"). */
export const LibraryLookupQuerySchema = LookupQuerySchema.extend({
  codCampus: queryIdSchema().optional(),
});

/** One page of a lookup: the entries, the page and the total over every page. */
export function lookupPageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export const DisciplineSchema = z.object({
  codigo: z.number().int(),
  sigla: z.string(),
  descricao: z.string(),
});
export type Discipline = z.infer<typeof DisciplineSchema>;

export const CourseSchema = z.object({
  codigo: z.number().int(),
  sigla: z.string(),
  descricao: z.string(),
  cod_campus: z.number().int(),
});
export type Course = z.infer<typeof CourseSchema>;

export const ProfessorSchema = z.object({ codigo: z.number().int(), nome: z.string() });
export type Professor = z.infer<typeof ProfessorSchema>;

export const DisciplinePageSchema = lookupPageSchema(DisciplineSchema);
export const CoursePageSchema = lookupPageSchema(CourseSchema);
export const ProfessorPageSchema = lookupPageSchema(ProfessorSchema);
export const CampusPageSchema = lookupPageSchema(CampusSchema);
export const LibraryPageSchema = lookupPageSchema(LibrarySchema);
