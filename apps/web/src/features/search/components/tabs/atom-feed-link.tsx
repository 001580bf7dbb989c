import { useTranslation } from 'react-i18next';
import { Anchor, Text } from '@mantine/core';
import { NEW_ACQUISITIONS_FEED_TYPE } from '@estante/contract';
import type { SearchState } from '../../hooks/use-search-state';
import { newAcquisitionsFeedUrl } from '../../utils/new-acquisitions-feed';

/**
 * The Atom feed of the new-acquisitions search on screen: announced to the browser and feed
 * readers with <link rel="alternate"> (React places it in the document head) and offered as a
 * visible subscribe link.
 */
export function AtomFeedLink({ state }: { state: SearchState }) {
  const { t, i18n } = useTranslation();
  const href = newAcquisitionsFeedUrl(state, i18n.language);
  return (
    <>
      <link rel="alternate" type={NEW_ACQUISITIONS_FEED_TYPE} title={t('search.feed.title')} href={href} />
      <Text size="sm">
        <Anchor href={href} type={NEW_ACQUISITIONS_FEED_TYPE} underline="always">
          {t('search.feed.subscribe')}
        </Anchor>{' '}
        {t('search.feed.hint')}
      </Text>
    </>
  );
}
