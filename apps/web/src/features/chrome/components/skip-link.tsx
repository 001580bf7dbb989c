import { useTranslation } from 'react-i18next';
import classes from './chrome.module.css';

/** The id of the page's main landmark, target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps over the header to the content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {t('chrome.skipToContent')}
    </a>
  );
}
