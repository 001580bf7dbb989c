import { z } from 'zod';
import { MarcViewSchema, OnlineLinkSchema } from './title.ts';

/** An institution of the library network (SPEC §3 Network (OAI) record: instituicao). */
export const NetworkInstitutionSchema = z.object({
  cod_empresa: z.number().int(),
  desc_empresa: z.string(),
});
export type NetworkInstitution = z.infer<typeof NetworkInstitutionSchema>;

/** GET /rede-pergamum/oai/instituicoes: every institution of the network with its number of records. */
export const NetworkInstitutionsResponseSchema = z.array(
  NetworkInstitutionSchema.extend({ total: z.number().int() }),
);
export type NetworkInstitutions = z.infer<typeof NetworkInstitutionsResponseSchema>;

/** GET /rede-pergamum/acervo/{id}: one record catalogued by another institution of the network. */
export const NetworkRecordSchema = z.object({
  id: z.number().int(),
  /** Work type code (SPEC §3 tipo_obra), as for local titles (LIVRO, MAPA…). */
  tipo_obra: z.string(),
  desc_tipo_obra: z.string().nullable(),
  instituicao: NetworkInstitutionSchema,
  /** The 001 the institution gave the record. */
  controle: z.string(),
  titulo: z.string(),
  titulo_original: z.string().nullable(),
  autor: z.string().nullable(),
  autores: z.array(z.string()),
  assuntos: z.array(z.string()),
  ano_publicacao: z.number().int().nullable(),
  publicacao: z.string().nullable(),
  edicao: z.string().nullable(),
  descricao_fisica: z.string().nullable(),
  serie: z.string().nullable(),
  notas: z.array(z.string()),
  isbn: z.array(z.string()),
  issn: z.array(z.string()),
  idioma: z.string().nullable(),
  idioma_desc: z.string().nullable(),
  numero_chamada: z.string().nullable(),
  link_capa: z.string().nullable(),
  links: z.array(OnlineLinkSchema),
  marc: MarcViewSchema,
});
export type NetworkRecord = z.infer<typeof NetworkRecordSchema>;
