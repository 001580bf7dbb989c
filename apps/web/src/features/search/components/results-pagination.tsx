import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from './search.module.css';

/** Page numbers to show: the first, the last and two on each side of the current one; null is a gap. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let page = current - 2; page <= current + 2; page += 1)
    if (page >= 1 && page <= pages) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) result.push(null);
    result.push(page);
  });
  return result;
}

interface ResultsPaginationProps {
  page: number;
  pages: number;
  /** The link of a page (its URL keeps the rest of the search). */
  hrefOf: (page: number) => string;
  /** Called when a page link is followed (the results move the focus to their heading). */
  onNavigate?: () => void;
}

/** Links to the result pages (real links: each page has its own URL). */
export function ResultsPagination({ page, pages, hrefOf, onNavigate }: ResultsPaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  // The page is not scrolled to the top: the focus goes to the results heading instead (decision 0068).
  const linkProps = { preventScrollReset: true, onClick: onNavigate };
  return (
    <nav aria-label={t('search.pagination.label')}>
      <ul className={classes.pagination}>
        {page > 1 && (
          <li>
            <Link {...linkProps} to={hrefOf(page - 1)} className={classes.pageLink} rel="prev">
              {t('search.pagination.previous')}
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} aria-hidden className={classes.pageGap}>
              {'…'}
            </li>
          ) : (
            <li key={item}>
              <Link
                {...linkProps}
                to={hrefOf(item)}
                className={classes.pageLink}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('search.pagination.page', { page: item })}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link {...linkProps} to={hrefOf(page + 1)} className={classes.pageLink} rel="next">
              {t('search.pagination.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
