import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  InterestAuxiliarySchema,
  InterestPeriodicalHitsSchema,
  InterestPeriodicalsSchema,
  InterestTitlesSchema,
  InterestTopicHitsSchema,
  InterestTopicsSchema,
  InterestWorkTypesSchema,
  type DsiTopicKind,
  type InterestPeriodicals,
  type InterestPeriodicalsAdd,
  type InterestPeriodicalUpdate,
  type InterestTopicRemove,
  type InterestTopics,
  type InterestTopicsAdd,
  type InterestTopicsValidity,
  type InterestWorkTypes,
  type InterestWorkTypesAdd,
} from '@estante/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { PRIVATE_QUERY } from '../../../lib/private-query';

// The interest profile's calls (SPEC §7 api/perfil-interesse; decision 0052). Each change answers
// the part of the profile it changed, which the screen shows at once; the matching titles are read
// again after it.

const KEY = ['interestProfile'] as const;
const private_ = { auth: 'private' } as const;

export const interestQueries = {
  auxiliary: () =>
    queryOptions({
      queryKey: [...KEY, 'auxiliary'],
      queryFn: ({ signal }) =>
        apiGet(API_PATHS.interestAuxiliary, InterestAuxiliarySchema, { signal, ...private_ }),
      ...PRIVATE_QUERY,
    }),
  topics: () =>
    queryOptions({
      queryKey: [...KEY, 'topics'],
      queryFn: ({ signal }) =>
        apiGet(API_PATHS.interestTopics, InterestTopicsSchema, { signal, ...private_ }),
      ...PRIVATE_QUERY,
    }),
  periodicals: () =>
    queryOptions({
      queryKey: [...KEY, 'periodicals'],
      queryFn: ({ signal }) =>
        apiGet(API_PATHS.interestPeriodicals, InterestPeriodicalsSchema, { signal, ...private_ }),
      ...PRIVATE_QUERY,
    }),
  workTypes: () =>
    queryOptions({
      queryKey: [...KEY, 'workTypes'],
      queryFn: ({ signal }) =>
        apiGet(API_PATHS.interestWorkTypes, InterestWorkTypesSchema, { signal, ...private_ }),
      ...PRIVATE_QUERY,
    }),
  titles: () =>
    queryOptions({
      queryKey: [...KEY, 'titles'],
      queryFn: ({ signal }) =>
        apiGet(API_PATHS.interestTitles, InterestTitlesSchema, { signal, ...private_ }),
      ...PRIVATE_QUERY,
    }),
};

export const useInterestAuxiliary = () => useQuery(interestQueries.auxiliary());
export const useInterestTopics = () => useQuery(interestQueries.topics());
export const useInterestPeriodicals = () => useQuery(interestQueries.periodicals());
export const useInterestWorkTypes = () => useQuery(interestQueries.workTypes());
export const useInterestTitles = () => useQuery(interestQueries.titles());

/** GET area-autor-assunto/pesquisa: areas, authors or subjects to add. */
export function searchTopics(kind: DsiTopicKind, term: string) {
  return apiGet(API_PATHS.interestTopicSearch, InterestTopicHitsSchema, {
    query: { tipoPesquisa: kind, termoPesquisa: term },
    ...private_,
  });
}

/** GET periodicos/pesquisa: periodicals to add. */
export function searchPeriodicals(term: string) {
  return apiGet(API_PATHS.interestPeriodicalSearch, InterestPeriodicalHitsSchema, {
    query: { termoPesquisa: term },
    ...private_,
  });
}

/** A change that answers one part of the profile: shown at once, and the titles read again. */
function useProfileChange<B, R>(send: (body: B) => Promise<R>, queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      return queryClient.invalidateQueries({ queryKey: interestQueries.titles().queryKey });
    },
  });
}

const topicsKey = interestQueries.topics().queryKey;
const periodicalsKey = interestQueries.periodicals().queryKey;
const workTypesKey = interestQueries.workTypes().queryKey;

export const useAddTopics = () =>
  useProfileChange(
    (body: InterestTopicsAdd): Promise<InterestTopics> =>
      apiPost(API_PATHS.interestTopics, InterestTopicsSchema, { body, ...private_ }),
    topicsKey,
  );
export const useRemoveTopic = () =>
  useProfileChange(
    (body: InterestTopicRemove): Promise<InterestTopics> =>
      apiDelete(API_PATHS.interestTopics, InterestTopicsSchema, { body, ...private_ }),
    topicsKey,
  );
export const useTopicsValidity = () =>
  useProfileChange(
    (body: InterestTopicsValidity): Promise<InterestTopics> =>
      apiPut(API_PATHS.interestTopicValidity, InterestTopicsSchema, { body, ...private_ }),
    topicsKey,
  );
export const useAddPeriodicals = () =>
  useProfileChange(
    (body: InterestPeriodicalsAdd): Promise<InterestPeriodicals> =>
      apiPost(API_PATHS.interestPeriodicals, InterestPeriodicalsSchema, { body, ...private_ }),
    periodicalsKey,
  );
export const useUpdatePeriodical = () =>
  useProfileChange(
    (body: InterestPeriodicalUpdate): Promise<InterestPeriodicals> =>
      apiPut(API_PATHS.interestPeriodicals, InterestPeriodicalsSchema, { body, ...private_ }),
    periodicalsKey,
  );
export const useRemovePeriodical = () =>
  useProfileChange(
    (codigo: number): Promise<InterestPeriodicals> =>
      apiDelete(API_PATHS.interestPeriodicals, InterestPeriodicalsSchema, { body: { codigo }, ...private_ }),
    periodicalsKey,
  );
export const useAddWorkTypes = () =>
  useProfileChange(
    (body: InterestWorkTypesAdd): Promise<InterestWorkTypes> =>
      apiPost(API_PATHS.interestWorkTypes, InterestWorkTypesSchema, { body, ...private_ }),
    workTypesKey,
  );
export const useRemoveWorkType = () =>
  useProfileChange(
    (codigo: number): Promise<InterestWorkTypes> =>
      apiDelete(API_PATHS.interestWorkTypes, InterestWorkTypesSchema, { body: { codigo }, ...private_ }),
    workTypesKey,
  );
