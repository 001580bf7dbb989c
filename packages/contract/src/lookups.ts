/** SPEC §9: lookup paging starts at 1. Each page holds LOOKUP_PAGE_SIZE entries. */
export const LOOKUP_PAGE_SIZE = 20;

/** SPEC §7 lookup paths, relative to /api. */
export const LOOKUP_PATHS = {
  disciplines: '/consulta/disciplinas',
  courses: '/consulta/cursos',
  professors: '/consulta/professores',
  campuses: '/consulta/campus',
  libraries: '/consulta/bibliotecas',
  discipline: (id: number | string) => `/consulta/disciplina/${id}`,
  course: (id: number | string) => `/consulta/curso/${id}`,
  professor: (id: number | string) => `/consulta/professor/${id}`,
  campus: (id: number | string) => `/consulta/campus/${id}`,
  library: (id: number | string) => `/consulta/biblioteca/${id}`,
} as const;
