import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LoanYearSchema, LoanYearsSchema, type LoanYear, type LoanYears } from '@estante/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /acervo/{id}/dados-estatisticos/anos: the years with loans, newest first. */
export function getLoanYears(id: number, signal?: AbortSignal): Promise<LoanYears> {
  return apiGet(API_PATHS.titleLoanYears(id), LoanYearsSchema, { signal });
}

export function useLoanYears(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ['titles', id, 'loans', 'years'],
      queryFn: ({ signal }) => getLoanYears(id, signal),
    }),
  );
}

/** GET /acervo/{id}/dados-estatisticos/dados/{year}: the loans of each month of a year. */
export function getLoanYear(id: number, year: number, signal?: AbortSignal): Promise<LoanYear> {
  return apiGet(API_PATHS.titleLoanYear(id, year), LoanYearSchema, { signal });
}

export function useLoanYear(id: number, year: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['titles', id, 'loans', year],
      queryFn: ({ signal }) => getLoanYear(id, year!, signal),
      enabled: year !== null,
    }),
  );
}
