import { useTranslation } from 'react-i18next';
import { Anchor, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { InstitutionEvent } from '@estante/contract';
import { InstitutionHtml } from '../../../components/ui/institution-html';
import { isWebAddress } from '../../../lib/sanitize-html';
import { currentLanguage, patronLocale } from '../../../lib/i18n';
import { formatEventWhen } from '../utils/calendar';
import classes from './institution.module.css';

/** One event: title, when, where, description (institution HTML) and a link when there is one. */
export function EventCard({ event, headingOrder }: { event: InstitutionEvent; headingOrder: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const locale = patronLocale(currentLanguage());
  return (
    <Paper component="article" withBorder p="md">
      <Stack gap="xs">
        <Title order={headingOrder} size="h4">
          {event.titulo}
        </Title>
        <dl className={classes.facts}>
          <dt>{t('institution.events.when')}</dt>
          <dd>
            <time dateTime={event.inicio}>{formatEventWhen(event, locale)}</time>
          </dd>
          {event.local && (
            <>
              <dt>{t('institution.events.where')}</dt>
              <dd>{event.local}</dd>
            </>
          )}
        </dl>
        {event.descricao && <InstitutionHtml html={event.descricao} />}
        {isWebAddress(event.link) && (
          <Text size="sm">
            <Anchor href={event.link} target="_blank" rel="noopener noreferrer">
              {t('institution.events.moreInfo')}
              <VisuallyHidden>
                {`: ${event.titulo}`}
                {t('institution.events.newTab')}
              </VisuallyHidden>
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** SPEC §7 /parametros/eventos_institucionais: upcoming institutional events, soonest first. */
export function EventsList({ events }: { events: InstitutionEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return <Text>{t('institution.events.empty')}</Text>;
  return (
    <Stack gap="md">
      {events.map((event) => (
        <EventCard key={event.codigo} event={event} headingOrder={2} />
      ))}
    </Stack>
  );
}
