import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Stack, Text, Title } from '@mantine/core';
import { CALENDAR_MONTH_PARAM } from '../../config/paths';
import { DocumentTitle } from '../../components/ui/document-title';
import { ErrorBlock, LoadingBlock } from '../../components/ui/query-state';
import { useInstitutionPage } from '../../features/institution/api/get-institution-page';
import { useFaq } from '../../features/institution/api/get-faq';
import { useOpeningHours } from '../../features/institution/api/get-opening-hours';
import { useCalendarEvents, useInstitutionalEvents } from '../../features/institution/api/get-events';
import { GeneralInformation } from '../../features/institution/components/general-information';
import { FaqList } from '../../features/institution/components/faq-list';
import { OpeningHours } from '../../features/institution/components/opening-hours';
import { EventsList } from '../../features/institution/components/events-list';
import { CalendarNavigation, EventsCalendar } from '../../features/institution/components/events-calendar';
import { monthOf, monthRange, parseMonth } from '../../features/institution/utils/calendar';

/** What an institution page shows while its data loads or when it fails. */
function QueryBlock<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError || query.data === undefined) {
    return <ErrorBlock message={t('institution.loadError')} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

/** Institution page: frequently asked questions (SPEC §7 /parametros/faq). */
export function FaqRoute() {
  const { t } = useTranslation();
  const faq = useFaq();
  return (
    <Stack gap="md">
      <DocumentTitle page={t('institution.faq.title')} />
      <Title order={1}>{t('institution.faq.title')}</Title>
      <QueryBlock query={faq}>{(entries) => <FaqList entries={entries} />}</QueryBlock>
    </Stack>
  );
}

/** Institution page: general information (SPEC §7 /parametros/informacoes_gerais). */
export function GeneralInformationRoute() {
  const { t } = useTranslation();
  const page = useInstitutionPage('informacoes_gerais');
  return (
    <Stack gap="md">
      <DocumentTitle page={page.data?.titulo ?? t('institution.generalInformation.title')} />
      {page.isPending || page.isError ? (
        <>
          <Title order={1}>{t('institution.generalInformation.title')}</Title>
          <QueryBlock query={page}>{() => null}</QueryBlock>
        </>
      ) : (
        <GeneralInformation page={page.data} />
      )}
    </Stack>
  );
}

/** Institution page: opening hours per campus and library (SPEC §7 /parametros/atendimento). */
export function OpeningHoursRoute() {
  const { t } = useTranslation();
  const hours = useOpeningHours();
  return (
    <Stack gap="md">
      <DocumentTitle page={t('institution.openingHours.title')} />
      <Title order={1}>{t('institution.openingHours.title')}</Title>
      <Text>{t('institution.openingHours.intro')}</Text>
      <QueryBlock query={hours}>{(campuses) => <OpeningHours campuses={campuses} />}</QueryBlock>
    </Stack>
  );
}

/** Institution page: upcoming institutional events (SPEC §7 /parametros/eventos_institucionais). */
export function EventsRoute() {
  const { t } = useTranslation();
  const events = useInstitutionalEvents();
  return (
    <Stack gap="md">
      <DocumentTitle page={t('institution.events.title')} />
      <Title order={1}>{t('institution.events.title')}</Title>
      <QueryBlock query={events}>{(list) => <EventsList events={list} />}</QueryBlock>
    </Stack>
  );
}

/** Institution page: the events calendar, a month at a time (SPEC §7 /parametros/eventos_eventum). */
export function EventsCalendarRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const month = parseMonth(params.get(CALENDAR_MONTH_PARAM)) ?? monthOf(new Date());
  const events = useCalendarEvents(monthRange(month));
  return (
    <Stack gap="md">
      <DocumentTitle page={t('institution.calendar.title')} />
      <Title order={1}>{t('institution.calendar.title')}</Title>
      <CalendarNavigation month={month} />
      <QueryBlock query={events}>{(list) => <EventsCalendar events={list} />}</QueryBlock>
    </Stack>
  );
}
