import { z } from 'zod';

/** Institution data (SPEC §3), public configuration. */
export const InstitutionSchema = z.object({
  codEmpresa: z.number().int(),
  nome: z.string(),
  sigla: z.string(),
  usaOIDC: z.boolean(),
  destino_padrao_login_catalogo: z.boolean(),
  denominacao_login: z.string().nullable(),
  msg_login: z.string().nullable(),
  link_logout_OIDC: z.string().nullable(),
  link_logout_saml: z.string().nullable(),
  tema: z.string(),
  msg_suporte_consulta: z.string().nullable(),
  link_lgpd: z.string().nullable(),
  params: z.object({ __web_url_pw: z.string().nullable(), __web_aquisicao: z.string().nullable() }),
});
export type Institution = z.infer<typeof InstitutionSchema>;

/** Activity permission (SPEC §3). */
export const ActivityPermissionSchema = z.object({
  cod_atividade: z.number().int(),
  descricao: z.string(),
});
export type ActivityPermission = z.infer<typeof ActivityPermissionSchema>;
export const FunctionalitiesSchema = z.array(ActivityPermissionSchema);

/** Search tabs (SPEC §2 "Search tabs"); which show comes from this list. */
export const SEARCH_TABS = [
  'geral',
  'ebooks',
  'arquivo',
  'atos-normativos',
  'jurisprudencia',
  'autoridades',
  'avancada',
  'acessibilidade',
  'novas-aquisicoes',
  'plano-ensino',
  'rede-oai',
] as const;
export type SearchTabKey = (typeof SEARCH_TABS)[number];

export const SearchTabSchema = z.object({
  key: z.enum(SEARCH_TABS),
  /** Translation key of the tab label. */
  label: z.string(),
  enabled: z.boolean(),
  order: z.number().int(),
});
export type SearchTab = z.infer<typeof SearchTabSchema>;
export const SearchTabsSchema = z.array(SearchTabSchema);

export const DefaultImageSchema = z.object({ url: z.string() });
export type DefaultImage = z.infer<typeof DefaultImageSchema>;

export const CampusSchema = z.object({ cod_campus: z.number().int(), nome_campus: z.string() });
export type Campus = z.infer<typeof CampusSchema>;
export const LibrarySchema = z.object({
  cod_biblioteca: z.number().int(),
  desc_biblioteca: z.string(),
  cod_campus: z.number().int(),
});
export type Library = z.infer<typeof LibrarySchema>;

/** Self-service parameters (SPEC §3): whether the self-service button shows, for which library, login and language. */
export const SelfServiceSchema = z.object({
  showAuto: z.boolean(),
  codBibAuto: z.number().int().nullable(),
  authAuto: z.boolean(),
  idiomaAuto: z.string().nullable(),
});
export type SelfService = z.infer<typeof SelfServiceSchema>;
