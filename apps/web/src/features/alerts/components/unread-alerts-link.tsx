import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useUnreadAlerts } from '../api/get-unread-alerts';

/**
 * The header's unread-alerts count, next to the personal-area button: a link to the alerts screen
 * named "3 unread alerts" (the visible number is part of its name, WCAG 2.5.3). Nothing is shown
 * while there is nothing unread; marking alerts read refreshes it.
 */
export function UnreadAlertsLink() {
  const { t } = useTranslation();
  const { data } = useUnreadAlerts();
  const count = data?.quantidade ?? 0;
  if (count === 0) return null;
  return (
    <Button
      component={Link}
      to={paths.personalAreaItem.getHref('alerts')}
      size="sm"
      variant="subtle"
      aria-label={t('alerts.header.unread', { count })}
      leftSection={
        <Badge component="span" color="red.9" variant="filled" circle aria-hidden>
          {count > 99 ? '99+' : count}
        </Badge>
      }
    >
      <span aria-hidden>{t('personalArea.menu.alerts')}</span>
    </Button>
  );
}
