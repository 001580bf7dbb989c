import { useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  TeachingPlanBibliographySchema,
  TeachingPlanChoicesSchema,
  type TeachingPlanBibliography,
  type TeachingPlanChoices,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

/** The search of the professor's own plans: discipline, year, semester and library (ids as numbers). */
export interface OwnPlansQuery {
  disciplina?: number;
  ano?: number;
  semestre?: number;
  biblioteca?: number;
}

/** GET …/plano-ensino/disciplinas-bibliotecas?meus=S: the professor's disciplines and years, the libraries. */
export function getOwnPlanChoices(signal?: AbortSignal): Promise<TeachingPlanChoices> {
  return apiGet(API_PATHS.teachingPlanChoices, TeachingPlanChoicesSchema, {
    signal,
    auth: 'private',
    query: { meus: 'S' },
  });
}

export function useOwnPlanChoices() {
  return useQuery({
    queryKey: ['teaching-plans', 'own', 'choices'],
    queryFn: ({ signal }) => getOwnPlanChoices(signal),
    ...PRIVATE_QUERY,
  });
}

/** GET …/plano-ensino/bibliografia?meus=S: the professor's plans with copies per vacancy of each title. */
export function getOwnPlans(query: OwnPlansQuery, signal?: AbortSignal): Promise<TeachingPlanBibliography> {
  return apiGet(API_PATHS.teachingPlanBibliography, TeachingPlanBibliographySchema, {
    signal,
    auth: 'private',
    query: { ...query, meus: 'S' },
  });
}
