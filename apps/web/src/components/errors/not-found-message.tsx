import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../config/paths';

interface StatusMessageProps {
  title: string;
  description: string;
  /** Heading level: 1 for a whole screen, 2 inside a page. */
  order?: 1 | 2;
}

/** A screen-sized message with a way back to the search. */
export function StatusMessage({ title, description, order = 1 }: StatusMessageProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start" py="xl">
      <Title order={order}>{title}</Title>
      <Text>{description}</Text>
      <Button component={Link} to={paths.home.getHref()} variant="outline">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}

/** The not-found screen (SPEC §2 "any other path"), or a not-found message inside a page. */
export function NotFoundMessage({ title, description, order }: Partial<StatusMessageProps>) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      title={title ?? t('notFound.title')}
      description={description ?? t('notFound.description')}
      order={order}
    />
  );
}

/** The sibling of the not-found screen for screens that are not built yet. */
export function NotAvailableMessage({ order }: { order?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      title={t('notAvailable.title')}
      description={t('notAvailable.description')}
      order={order}
    />
  );
}
