import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title for a page (React 19 hoists <title> into the head). */
export function DocumentTitle({ page }: { page?: string }) {
  const { t } = useTranslation();
  return <title>{page ? t('app.documentTitle', { page, app: t('app.name') }) : t('app.name')}</title>;
}
