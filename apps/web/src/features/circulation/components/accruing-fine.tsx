import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { AccruingFine } from '@estante/contract';
import { formatMoney } from '../utils/money';
import classes from './detail-list.module.css';

/**
 * A late loan's fine so far, said to be not final, with what each further day adds and its ceiling.
 * The marker is a word, not a colour or an icon, so it is read out and survives high contrast.
 */
export function AccruingFineAmount({ fine }: { fine: AccruingFine }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const money = (value: number) => formatMoney(value, t, language);
  return (
    <>
      <strong>{money(fine.valor)}</strong>{' '}
      <span className={classes.provisional}>{t('circulation.fines.notFinal')}</span>
      <Text size="sm" component="span" display="block">
        {fine.valor_maximo === null
          ? t('circulation.fines.perDay', { amount: money(fine.valor_por_dia) })
          : t('circulation.fines.perDayUpTo', {
              amount: money(fine.valor_por_dia),
              max: money(fine.valor_maximo),
            })}
      </Text>
    </>
  );
}
