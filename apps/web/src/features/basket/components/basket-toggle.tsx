import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { useBasket } from '../hooks/use-basket';

/** "Add to basket" / "Remove from basket" for one title; the pressed state tells which. */
export function BasketToggle({ id, title, size }: { id: number; title: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const basket = useBasket();
  const isInBasket = basket.has(id);
  return (
    <Button
      size={size ?? 'sm'}
      variant={isInBasket ? 'filled' : 'light'}
      aria-label={isInBasket ? t('basket.removeTitle', { title }) : t('basket.addTitle', { title })}
      onClick={() => (isInBasket ? basket.remove(id) : basket.add(id))}
    >
      {isInBasket ? t('basket.remove') : t('basket.add')}
    </Button>
  );
}
