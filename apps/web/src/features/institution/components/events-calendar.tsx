import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { InstitutionEvent } from '@estante/contract';
import { paths } from '../../../config/paths';
import { currentLanguage, patronLocale } from '../../../lib/i18n';
import { formatDay, groupByDay, monthLabel, shiftMonth, type Month } from '../utils/calendar';
import { EventCard } from './events-list';

/** The month navigation of the events calendar: links, so each month has its own address. */
export function CalendarNavigation({ month }: { month: Month }) {
  const { t } = useTranslation();
  const locale = patronLocale(currentLanguage());
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Button component={Link} to={paths.eventsCalendar.getHref(shiftMonth(month, -1))} variant="default">
        {t('institution.calendar.previous')}
      </Button>
      <Title order={2} aria-live="polite">
        {t('institution.calendar.month', { month: monthLabel(month, locale) })}
      </Title>
      <Button component={Link} to={paths.eventsCalendar.getHref(shiftMonth(month, 1))} variant="default">
        {t('institution.calendar.next')}
      </Button>
    </Group>
  );
}

/** SPEC §7 /parametros/eventos_eventum: one month of the events calendar, day by day. */
export function EventsCalendar({ events }: { events: InstitutionEvent[] }) {
  const { t } = useTranslation();
  const locale = patronLocale(currentLanguage());
  if (events.length === 0) return <Text>{t('institution.calendar.empty')}</Text>;
  return (
    <Stack gap="lg">
      {groupByDay(events).map(({ day, events: dayEvents }) => (
        <Stack key={day} gap="sm" component="section">
          <Title order={3}>
            <time dateTime={day}>{formatDay(day, locale)}</time>
          </Title>
          {dayEvents.map((event) => (
            <EventCard key={event.codigo} event={event} headingOrder={4} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
