// The staff workspace (issue "staff workspace"; decision 0054): people of the library who sign in
// through the same sign-in as patrons and hold roles. Each role opens a part of /equipe; the
// server checks the role on every staff call.

/**
 * The roles: circulation desk, reference (bibliographic requests and comment moderation),
 * acquisitions, cataloguing, administrator (every part, and who holds which role).
 */
export const STAFF_ROLES = ['circulacao', 'referencia', 'aquisicao', 'catalogacao', 'administrador'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether someone holding `held` may act as `needed`: an administrator may act as any role. */
export function holdsRole(held: readonly StaffRole[], needed: StaffRole): boolean {
  return held.includes(needed) || held.includes('administrador');
}

/**
 * The workspace's parts, each at /equipe/{segment} in the web app (decision 0055), by the key the
 * web app gives the part; the first page is /equipe itself. The server answers these addresses
 * with the app, the web app's menu lists them (apps/web/src/features/staff/sections.ts).
 */
export const STAFF_SEGMENTS = {
  comments: 'comentarios',
  reference: 'solicitacoes',
  desk: 'balcao',
  requests: 'pedidos',
  patrons: 'leitores',
  acquisitions: 'aquisicoes',
  catalogue: 'catalogo',
  content: 'conteudo',
  roles: 'papeis',
  audit: 'auditoria',
} as const;
export type StaffSectionKey = keyof typeof STAFF_SEGMENTS;

/** Staff calls, relative to the /api prefix. */
export const STAFF_PATHS = {
  /** The signed-in person's roles (empty for a patron who is not staff). */
  self: '/equipe/eu',
  /** Everyone holding a role (administrator). */
  members: '/equipe/membros',
  /** One person's roles, by login: set them all at once (administrator). */
  memberRoles: (login: string) => `/equipe/membros/${login}/papeis`,
  /** Title comments awaiting approval (reference), and the two decisions on one. */
  comments: '/equipe/comentarios',
  commentApproval: (id: number | string) => `/equipe/comentarios/${id}/aprovar`,
  commentRefusal: (id: number | string) => `/equipe/comentarios/${id}/recusar`,
  /** The circulation desk (circulation; decision 0058): a patron found by login or card number. */
  deskPatron: '/equipe/balcao/leitor',
  deskCheckouts: '/equipe/balcao/emprestimos',
  deskCheckins: '/equipe/balcao/devolucoes',
  deskRenewals: '/equipe/balcao/renovacoes',
  deskHoldsShelf: '/equipe/balcao/reservas-liberadas',
  deskPayments: '/equipe/balcao/pagamentos',
  deskWaivers: '/equipe/balcao/abonos',
  deskSuspensions: '/equipe/balcao/suspensoes',
  /** Circulation requests (circulation, decision 0061): each queue, and moving one request on. */
  loanRequests: '/equipe/pedidos/emprestimos',
  loanRequestStep: (id: number | string) => `/equipe/pedidos/emprestimos/${id}/situacao`,
  interlibraryRequests: '/equipe/pedidos/inter-bibliotecas',
  interlibraryStep: (id: number | string) => `/equipe/pedidos/inter-bibliotecas/${id}/situacao`,
  closedStackRequests: '/equipe/pedidos/acervo-fechado',
  closedStackDecision: (id: number | string) => `/equipe/pedidos/acervo-fechado/${id}/situacao`,
  /** General comments to a library awaiting approval (reference, decision 0061), and the decisions. */
  generalComments: '/equipe/comentarios-gerais',
  generalCommentApproval: (id: number | string) => `/equipe/comentarios-gerais/${id}/aprovar`,
  generalCommentRefusal: (id: number | string) => `/equipe/comentarios-gerais/${id}/recusar`,
  /** Acquisitions (decision 0059): the suggestions inbox, one suggestion, its moves and quote. */
  acquisitionSuggestions: '/equipe/aquisicoes/sugestoes',
  acquisitionSuggestion: (id: number | string) => `/equipe/aquisicoes/sugestoes/${id}`,
  acquisitionSuggestionStatus: (id: number | string) => `/equipe/aquisicoes/sugestoes/${id}/situacao`,
  acquisitionSuggestionQuote: (id: number | string) => `/equipe/aquisicoes/sugestoes/${id}/cotacao`,
  /** Purchase orders: every one, a new one, its state, and receiving its copies. */
  acquisitionOrders: '/equipe/aquisicoes/pedidos',
  acquisitionOrderStatus: (id: number | string) => `/equipe/aquisicoes/pedidos/${id}/situacao`,
  acquisitionOrderReceipt: (id: number | string) => `/equipe/aquisicoes/pedidos/${id}/recebimento`,
  /** Patrons (circulation; decision 0062): search, one patron's page, block, reset code; import (administrator). */
  patrons: '/equipe/leitores',
  patron: (login: string) => `/equipe/leitores/${login}`,
  patronBlock: (login: string) => `/equipe/leitores/${login}/bloqueio`,
  patronResetCode: (login: string) => `/equipe/leitores/${login}/codigo-senha`,
  patronImport: '/equipe/leitores/importacao',
  /** The audit log, newest first (administrator; decisions 0056, 0062). */
  audit: '/equipe/auditoria',
  /** Bibliographic requests and catalogue sheets (reference): the queue with its filters. */
  requests: '/equipe/solicitacoes',
  /** One request moved along REQUEST_TRANSITIONS, optionally answered (text and/or file). */
  requestMove: (id: number | string) => `/equipe/solicitacoes/${id}/mover`,
  /** GET: a catalogue sheet's library data and card; PUT: save the classification, Cutter, subjects. */
  requestSheet: (id: number | string) => `/equipe/solicitacoes/${id}/ficha`,
  /** POST: save and issue the final catalogue sheet (the request's answer file). */
  requestSheetIssue: (id: number | string) => `/equipe/solicitacoes/${id}/ficha/emitir`,
  /** MARC files uploaded for import, newest first; POST uploads one (cataloguing, decision 0063). */
  catalogueImports: '/equipe/catalogo/importacoes',
  /** One import: its progress while it runs, its report when done. */
  catalogueImport: (id: number | string) => `/equipe/catalogo/importacoes/${id}`,
  /** The OAI-PMH repositories harvested into the network tab, with their last run (decision 0067). */
  networkSources: '/equipe/catalogo/rede-fontes',
  /** The FAQ as the editor reads and writes it (administrator, decision 0063). */
  contentFaq: '/equipe/conteudo/faq',
  contentFaqEntry: (id: number | string) => `/equipe/conteudo/faq/${id}`,
  /** The research databases patrons see, with their own addresses (administrator). */
  contentDatabases: '/equipe/conteudo/bases',
  contentDatabase: (id: number | string) => `/equipe/conteudo/bases/${id}`,
  /** The home page's sections and the general information, every language (administrator). */
  contentPages: '/equipe/conteudo/paginas',
  contentPage: (key: string) => `/equipe/conteudo/paginas/${key}`,
  /** The activities (SPEC §6), each on or off for the whole institution (administrator). */
  contentActivities: '/equipe/conteudo/atividades',
  contentActivity: (code: number | string) => `/equipe/conteudo/atividades/${code}`,
  /** Opening hours, one open interval per entry (administrator, decision 0065). */
  contentHours: '/equipe/conteudo/horarios',
  contentHoursEntry: (id: number | string) => `/equipe/conteudo/horarios/${id}`,
  /** The institutional events and the events calendar (administrator). */
  contentEvents: '/equipe/conteudo/eventos',
  contentEvent: (id: number | string) => `/equipe/conteudo/eventos/${id}`,
  /** The institution settings an administrator may change on screen (INSTITUTION_SETTINGS). */
  contentSettings: '/equipe/conteudo/parametros',
  contentSetting: (key: string) => `/equipe/conteudo/parametros/${key}`,
  /** Which patron category may use each activity, read and saved whole (administrator). */
  contentPermissions: '/equipe/conteudo/permissoes',
} as const;

/**
 * What the audit log records (decision 0056): one name per kind of change a member of staff makes.
 * Each part of the workspace adds its own, named `{thing}.{verb}`; the log's screen shows each with
 * its translation (`staff.audit.actions.{thing}.{verb}`).
 */
export const STAFF_ACTIONS = [
  'roles.set',
  'comment.approve',
  'comment.refuse',
  // The circulation desk (decision 0058).
  'loan.checkout',
  'loan.checkin',
  'loan.renew',
  'debt.pay',
  'debt.waive',
  'patron.suspend',
  // Circulation requests and general comments (decision 0061).
  'loanRequest.move',
  'interlibraryRequest.move',
  'closedStackRequest.decide',
  'generalComment.approve',
  'generalComment.refuse',
  'suggestion.move',
  'suggestion.quote',
  'order.create',
  'order.move',
  'order.receive',
  'patron.block',
  'patron.unblock',
  'patron.sendResetCode',
  'patron.import',
  // Bibliographic requests and catalogue sheets (decision 0060).
  'request.move',
  'catalogueSheet.edit',
  'catalogueSheet.issue',
  // The catalogue part (decision 0063).
  'marc.import',
  'faq.add',
  'faq.edit',
  'faq.remove',
  'database.add',
  'database.edit',
  'database.remove',
  'page.edit',
  'page.remove',
  'activity.set',
  // The rest of the institution's content (decision 0065).
  'hours.add',
  'hours.edit',
  'hours.remove',
  'event.add',
  'event.edit',
  'event.remove',
  'setting.set',
  'permission.set',
] as const;
export type StaffActionName = (typeof STAFF_ACTIONS)[number];

/** Translation keys of the staff calls' refusals. */
export const STAFF_RULE_KEYS = {
  unknownLogin: 'staff.errors.unknownLogin',
  lastAdministrator: 'staff.errors.lastAdministrator',
} as const;

/** 422 refusals of the staff calls: a stable code and the translation key sent as the message. */
export const STAFF_ERROR = {
  UNKNOWN_LOGIN: { code: 'STAFF_UNKNOWN_LOGIN', key: STAFF_RULE_KEYS.unknownLogin },
  LAST_ADMINISTRATOR: { code: 'STAFF_LAST_ADMINISTRATOR', key: STAFF_RULE_KEYS.lastAdministrator },
} as const;
