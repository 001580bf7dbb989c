import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AdvancedSearchOptionsSchema,
  API_PATHS,
  ArchiveOptionsSchema,
  JurisprudenceOptionsSchema,
  NormativeActOptionsSchema,
  type AdvancedSearchOptions,
  type ArchiveOptions,
  type JurisprudenceOptions,
  type NormativeActOptions,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /consulta/opcoes-arquivo: the fonds, series and years of the archive tab's form. */
export function getArchiveOptions(signal?: AbortSignal): Promise<ArchiveOptions> {
  return apiGet(API_PATHS.archiveOptions, ArchiveOptionsSchema, { signal });
}

/** GET /consulta/opcoes-atos-normativos: kinds, issuing bodies and years of the normative-acts form. */
export function getNormativeActOptions(signal?: AbortSignal): Promise<NormativeActOptions> {
  return apiGet(API_PATHS.normativeActOptions, NormativeActOptionsSchema, { signal });
}

/** GET /consulta/jurisprudencia-options: courts, kinds of decision, rapporteurs and years. */
export function getJurisprudenceOptions(signal?: AbortSignal): Promise<JurisprudenceOptions> {
  return apiGet(API_PATHS.caseLawOptions, JurisprudenceOptionsSchema, { signal });
}

// The options change only when the catalogue does: kept for the visit.
const STALE = 10 * 60_000;

export function getArchiveOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'tab-options', 'arquivo'],
    queryFn: ({ signal }) => getArchiveOptions(signal),
    staleTime: STALE,
  });
}

export function getNormativeActOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'tab-options', 'atos-normativos'],
    queryFn: ({ signal }) => getNormativeActOptions(signal),
    staleTime: STALE,
  });
}

export function getJurisprudenceOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'tab-options', 'jurisprudencia'],
    queryFn: ({ signal }) => getJurisprudenceOptions(signal),
    staleTime: STALE,
  });
}

export function useArchiveOptions() {
  return useQuery(getArchiveOptionsQueryOptions());
}

export function useNormativeActOptions() {
  return useQuery(getNormativeActOptionsQueryOptions());
}

export function useJurisprudenceOptions() {
  return useQuery(getJurisprudenceOptionsQueryOptions());
}

/** GET /consulta/opcoes-avancada: the work types, languages, libraries and years the advanced search may be limited to. */
export function getAdvancedSearchOptions(signal?: AbortSignal): Promise<AdvancedSearchOptions> {
  return apiGet(API_PATHS.advancedOptions, AdvancedSearchOptionsSchema, { signal });
}

export function getAdvancedSearchOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'tab-options', 'avancada'],
    queryFn: ({ signal }) => getAdvancedSearchOptions(signal),
    staleTime: STALE,
  });
}

export function useAdvancedSearchOptions() {
  return useQuery(getAdvancedSearchOptionsQueryOptions());
}
