import { useTranslation } from 'react-i18next';
import type { LoanState } from '@estante/contract';
import classes from './loans.module.css';

/** A loan's state as the history also has it: SPEC §3's four, and returned. */
export type LoanStateOrReturned = LoanState | 'devolvido';

const TONE: Record<LoanStateOrReturned, 'busy' | 'held' | 'problem' | 'neutral' | 'done'> = {
  emprestado: 'busy',
  reservado: 'held',
  atrasado: 'problem',
  quarentena: 'neutral',
  devolvido: 'done',
};

const LABEL = {
  emprestado: 'circulation.loans.state.emprestado',
  reservado: 'circulation.loans.state.reservado',
  atrasado: 'circulation.loans.state.atrasado',
  quarentena: 'circulation.loans.state.quarentena',
  devolvido: 'circulation.loans.state.devolvido',
} as const satisfies Record<LoanStateOrReturned, string>;

/** The state in words (with a coloured dot that says nothing the words do not). */
export function LoanStateLabel({ state }: { state: LoanStateOrReturned }) {
  const { t } = useTranslation();
  return (
    <span className={classes.state} data-tone={TONE[state]}>
      {t(LABEL[state])}
    </span>
  );
}
