import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useBasket } from '../hooks/use-basket';

/** Header link to /cesta with how many titles the basket holds. */
export function BasketCounter() {
  const { t } = useTranslation();
  const { items } = useBasket();
  return (
    // Its name is its visible text (WCAG 2.5.3), "Cesta (3)".
    <Button component={Link} to={paths.basket.getHref()} variant="subtle">
      {t('basket.counterShort', { n: items.length })}
    </Button>
  );
}
