import { useTranslation } from 'react-i18next';
import type { HoldState } from '@estante/contract';

/** SPEC §4 hold states in the patron's language. */
export function useHoldStateLabels(): Record<HoldState, string> {
  const { t } = useTranslation();
  return {
    fila: t('circulation.holds.status.fila'),
    liberada: t('circulation.holds.status.liberada'),
    cancelada: t('circulation.holds.status.cancelada'),
    atendida: t('circulation.holds.status.atendida'),
  };
}
