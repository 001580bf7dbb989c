import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, InstitutionEventsSchema, type InstitutionEvent } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** GET /parametros/eventos_institucionais: upcoming institutional events. */
export function getInstitutionalEvents(signal?: AbortSignal): Promise<InstitutionEvent[]> {
  return apiGet(API_PATHS.institutionalEvents, InstitutionEventsSchema, { signal });
}

export function getInstitutionalEventsQueryOptions() {
  return queryOptions({
    queryKey: ['institution', 'events', currentLanguage()],
    queryFn: ({ signal }) => getInstitutionalEvents(signal),
  });
}

export function useInstitutionalEvents() {
  return useQuery(getInstitutionalEventsQueryOptions());
}

/** GET /parametros/eventos_eventum: the events calendar between two dates (YYYY-MM-DD, both included). */
export function getCalendarEvents(
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<InstitutionEvent[]> {
  return apiGet(API_PATHS.eventsCalendar, InstitutionEventsSchema, {
    signal,
    query: { dataIni: range.from, dataFim: range.to },
  });
}

export function getCalendarEventsQueryOptions(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: ['institution', 'calendar', range.from, range.to, currentLanguage()],
    queryFn: ({ signal }) => getCalendarEvents(range, signal),
  });
}

export function useCalendarEvents(range: { from: string; to: string }) {
  return useQuery(getCalendarEventsQueryOptions(range));
}
