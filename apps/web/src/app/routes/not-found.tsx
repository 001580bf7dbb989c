import { useTranslation } from 'react-i18next';
import { NotFoundMessage, NotAvailableMessage } from '../../components/errors/not-found-message';
import { DocumentTitle } from '../../components/ui/document-title';

/** SPEC §2 "any other path": the not-found screen. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle page={t('notFound.title')} />
      <NotFoundMessage />
    </>
  );
}

/** Screens of SPEC §2 that later issues build (login, basket, personal area, redirect screens). */
export function NotAvailableRoute() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle page={t('notAvailable.title')} />
      <NotAvailableMessage />
    </>
  );
}
