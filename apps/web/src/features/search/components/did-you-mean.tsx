import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { SearchType } from '@estante/contract';
import { useDidYouMean } from '../api/get-did-you-mean';
import classes from './search-aids.module.css';

export interface DidYouMeanProps {
  /** The search as typed. */
  term: string;
  /** How many records the typed search found: a suggestion is shown only when it finds more. */
  resultCount: number;
  /** The search type, so the suggestion is counted the same way (free search when left out). */
  searchType?: SearchType;
  /** The link that runs a search for the corrected term (the rest of the search kept). */
  hrefFor: (term: string) => string;
}

/** Where the corrected term goes in the translated sentence (split out so it can be a link). */
const TERM_SLOT = '\u0000term\u0000';

/**
 * "Did you mean X? (N records)": a better spelling of the search, made from the catalogue's own
 * words, as a link that runs it. Nothing is shown while it loads, when it fails or when there is none.
 */
export function DidYouMean({ term, resultCount, searchType = 'livre', hrefFor }: DidYouMeanProps) {
  const { t } = useTranslation();
  const query = useDidYouMean(term, searchType);
  const suggestion = query.data?.termo === term.trim() ? query.data.sugestao : null;
  if (!suggestion || suggestion.total <= resultCount) return null;
  const [before = '', after = ''] = t('search.didYouMean.text', {
    term: TERM_SLOT,
    count: suggestion.total,
    interpolation: { escapeValue: false },
  }).split(TERM_SLOT);
  return (
    <Text my="sm">
      {before}
      <Link to={hrefFor(suggestion.termo)} className={classes.link}>
        <strong>{suggestion.termo}</strong>
      </Link>
      {after}
    </Text>
  );
}
