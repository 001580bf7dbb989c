import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_PATHS, ActivityInformationSchema, type ActivityInformation } from '@estante/contract';
import { apiGet, isApiErrorStatus } from '../../../lib/api-client';

/**
 * GET /parametros/atividade/{id}/informativo: the institution's text about an activity, if any. An
 * activity the institution turned off (404) simply has none: the screen says so itself.
 */
export async function getActivityInformation(
  activity: number,
  signal?: AbortSignal,
): Promise<ActivityInformation> {
  try {
    return await apiGet(ACCOUNT_PATHS.activityInformation(activity), ActivityInformationSchema, {
      signal,
      auth: 'privateOrPublic',
    });
  } catch (error) {
    if (isApiErrorStatus(error, 404)) return { cod_atividade: activity, informativo: null };
    throw error;
  }
}

/** The information text of an activity; kept a few minutes (the institution rarely changes it). */
export function useActivityInformation(activity: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['personal-area', 'activity-information', activity],
      queryFn: ({ signal }) => getActivityInformation(activity!, signal),
      enabled: activity !== null,
      staleTime: 5 * 60_000,
    }),
  );
}
