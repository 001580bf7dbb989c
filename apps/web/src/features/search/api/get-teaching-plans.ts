import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  CoursePageSchema,
  LOOKUP_PATHS,
  TeachingPlanBibliographySchema,
  TeachingPlanChoicesSchema,
  type ParsedTeachingPlanQuery,
  type TeachingPlanBibliography,
  type TeachingPlanChoices,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET …/plano-ensino/disciplinas-bibliotecas: the disciplines with plans, the libraries, the years. */
export function getTeachingPlanChoices(signal?: AbortSignal): Promise<TeachingPlanChoices> {
  return apiGet(API_PATHS.teachingPlanChoices, TeachingPlanChoicesSchema, { signal });
}

export function getTeachingPlanChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['teaching-plans', 'choices'],
    queryFn: ({ signal }) => getTeachingPlanChoices(signal),
    staleTime: 10 * 60_000,
  });
}

export function useTeachingPlanChoices() {
  return useQuery(getTeachingPlanChoicesQueryOptions());
}

/** GET …/plano-ensino/bibliografia: the plans matching the fields, with their bibliography. */
export function getTeachingPlans(
  query: ParsedTeachingPlanQuery,
  signal?: AbortSignal,
): Promise<TeachingPlanBibliography> {
  return apiGet(API_PATHS.teachingPlanBibliography, TeachingPlanBibliographySchema, {
    signal,
    query: { ...query },
  });
}

export function getTeachingPlansQueryOptions(query: ParsedTeachingPlanQuery) {
  return queryOptions({
    queryKey: ['teaching-plans', 'bibliography', query],
    queryFn: ({ signal }) => getTeachingPlans(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The plans of a search; nothing is asked until a search is made (null). */
export function useTeachingPlans(query: ParsedTeachingPlanQuery | null) {
  return useQuery({ ...getTeachingPlansQueryOptions(query ?? {}), enabled: query !== null });
}

/** GET /consulta/cursos?search_text=…: the first page of courses whose name or code holds the text. */
export function getCourses(text: string, signal?: AbortSignal) {
  return apiGet(LOOKUP_PATHS.courses, CoursePageSchema, {
    signal,
    query: { search_text: text.trim() || undefined, page: 1 },
  });
}

export function useCourses(text: string) {
  return useQuery({
    queryKey: ['lookups', 'courses', text.trim()],
    queryFn: ({ signal }) => getCourses(text, signal),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}
