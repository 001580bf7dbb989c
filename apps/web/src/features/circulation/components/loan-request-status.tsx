import { useTranslation } from 'react-i18next';
import type { LoanRequestState } from '@estante/contract';

/** SPEC §4 loan request states in the patron's language. */
export function useLoanRequestStateLabels(): Record<LoanRequestState, string> {
  const { t } = useTranslation();
  return {
    aguardando: t('circulation.requests.status.aguardando'),
    em_transito: t('circulation.requests.status.em_transito'),
    disponivel: t('circulation.requests.status.disponivel'),
    finalizada: t('circulation.requests.status.finalizada'),
    nao_finalizada: t('circulation.requests.status.nao_finalizada'),
  };
}

/** A loan request's state, as words. */
export function LoanRequestStatus({ status }: { status: LoanRequestState }) {
  return <>{useLoanRequestStateLabels()[status]}</>;
}
