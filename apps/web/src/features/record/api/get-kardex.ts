import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  KardexComboboxSchema,
  KardexDataSchema,
  KardexItemSchema,
  type KardexCombobox,
  type KardexData,
  type KardexDataQuery,
  type KardexItem,
} from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** The kardex choice: a holdings line (codPar) and a year; null means "all" and "the latest". */
export interface KardexChoice {
  holdingId: number | null;
  year: number | null;
}

/** GET /kardex/{id}/combobox-data: the periodical, its libraries, holdings lines and years. */
export function getKardexCombobox(id: number, signal?: AbortSignal): Promise<KardexCombobox> {
  return apiGet(API_PATHS.kardexCombobox(id), KardexComboboxSchema, { signal });
}

export function useKardexCombobox(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ['titles', id, 'kardex', 'combobox'],
      queryFn: ({ signal }) => getKardexCombobox(id, signal),
    }),
  );
}

/** GET /kardex/{id}/data: the issues of one year (the latest when none is chosen). */
export function getKardexData(id: number, choice: KardexChoice, signal?: AbortSignal): Promise<KardexData> {
  const query: Record<keyof KardexDataQuery, number | null> = {
    codPeriod: id,
    codBib: null,
    codPar: choice.holdingId,
    year: choice.year,
  };
  return apiGet(API_PATHS.kardexData(id), KardexDataSchema, { signal, query });
}

export function useKardexData(id: number, choice: KardexChoice) {
  return useQuery(
    queryOptions({
      queryKey: ['titles', id, 'kardex', 'data', choice.holdingId, choice.year],
      queryFn: ({ signal }) => getKardexData(id, choice, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /kardex/{id}/item: the contents of one issue, by section. */
export function getKardexItem(
  id: number,
  issue: { holdingId: number; seq: number },
  signal?: AbortSignal,
): Promise<KardexItem> {
  return apiGet(API_PATHS.kardexItem(id), KardexItemSchema, {
    signal,
    query: { codPar: issue.holdingId, seqPar: issue.seq },
  });
}

export function useKardexItem(id: number, issue: { holdingId: number; seq: number } | null) {
  return useQuery(
    queryOptions({
      queryKey: ['titles', id, 'kardex', 'item', issue?.holdingId, issue?.seq],
      queryFn: ({ signal }) => getKardexItem(id, issue!, signal),
      enabled: issue !== null,
    }),
  );
}
