import { z } from 'zod';
import { AUTHORITY_TYPES } from '../authority.ts';
import { textSchema } from './input.ts';

export const AuthoritySchema = z.object({
  cod_autoridade: z.number().int(),
  tipo: z.enum(AUTHORITY_TYPES),
  cabecalho: z.string(),
  remissivas_ver: z.array(z.string()),
  remissivas_ver_tambem: z.array(z.string()),
  notas: z.array(z.string()),
  titulos: z.array(
    z.object({
      cod_acervo: z.number().int(),
      titulo: z.string(),
      ano_publicacao: z.number().int().nullable(),
    }),
  ),
  total_titulos: z.number().int(),
});
export type Authority = z.infer<typeof AuthoritySchema>;

/** GET /autoridade/combo query: optionally only some authority types (comma-separated). */
export const AuthorityComboQuerySchema = z.object({
  autoridades: textSchema()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.enum(AUTHORITY_TYPES)).optional()),
});

/** One option of the authority-type combo: the type, its label in the caller's language and how many authorities it has. */
export const AuthorityComboOptionSchema = z.object({
  codigo: z.enum(AUTHORITY_TYPES),
  descricao: z.string(),
  total: z.number().int(),
});
export const AuthorityComboSchema = z.array(AuthorityComboOptionSchema);
export type AuthorityComboOption = z.infer<typeof AuthorityComboOptionSchema>;
