import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { Copy } from '@estante/contract';
import { formatDate } from '../../../lib/i18n';
import { Notice } from '../../../components/ui/notice';
import { holdOffer, summarizeHoldings, type ShelfSpot } from '../utils/holdings';
import classes from './record.module.css';

/** A place on the shelf as the record writes it: library — location — call number (each when known). */
function spotText(spot: ShelfSpot, callNumber: string | null): string {
  return [spot.libraryName, spot.location, callNumber].filter(Boolean).join(' — ');
}

interface HoldingsSummaryProps {
  copies: readonly Copy[];
  callNumber: string | null;
  /** The copies tab, for every copy's details. */
  copiesHref: string;
  /** The hold action, shown when a hold is allowed (the route knows about signing in). */
  holdAction?: ReactNode;
}

/**
 * The record's first section (decision 0070): where the title is and whether it is on the shelf, by
 * library — with where to pick up a copy on the shelf instead of a hold (SPEC §4), or the hold.
 */
export function HoldingsSummary({ copies, callNumber, copiesHref, holdAction }: HoldingsSummaryProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const libraries = summarizeHoldings(copies);
  const offer = holdOffer(copies);
  return (
    <section aria-labelledby="holdings-heading" className={classes.holdings}>
      <Title order={2} fz="h3" mb="sm" id="holdings-heading">
        {t('record.holdings.heading')}
      </Title>
      {libraries.length === 0 ? (
        <Text>{t('record.holdings.none')}</Text>
      ) : (
        <Stack gap="sm">
          {offer.onShelf.length > 0 && (
            <Notice tone="success" title={t('record.holdings.onShelfTitle')}>
              <Text>{t('record.holdings.pickUp')}</Text>
              <ul className={classes.spots}>
                {offer.onShelf.map((spot) => (
                  <li key={`${spot.libraryName}\n${spot.location ?? ''}`}>{spotText(spot, callNumber)}</li>
                ))}
              </ul>
            </Notice>
          )}
          <ul className={classes.libraries}>
            {libraries.map((library) => (
              <li key={library.libraryId} className={classes.library}>
                <Title order={3} fz="md">
                  {library.libraryName}
                </Title>
                <Text
                  size="sm"
                  className={classes.status}
                  data-tone={library.onShelf > 0 ? 'available' : 'busy'}
                >
                  {library.onShelf > 0
                    ? t('record.holdings.onShelf', { count: library.total, available: library.onShelf })
                    : t('record.holdings.allOut', { count: library.total })}
                </Text>
                {library.onShelf === 0 && library.nextReturn && (
                  <Text size="sm">
                    {t('record.holdings.nextReturn', { date: formatDate(library.nextReturn, language) })}
                  </Text>
                )}
                <dl className={classes.holdingDetails}>
                  {library.locations.length > 0 && (
                    <div>
                      <dt>{t('record.copies.location')}</dt>
                      <dd>{library.locations.join('; ')}</dd>
                    </div>
                  )}
                  {callNumber && (
                    <div>
                      <dt>{t('record.field.callNumber')}</dt>
                      <dd>{callNumber}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
          <Group gap="md">
            {offer.canHold && holdAction}
            <Anchor component={Link} to={copiesHref}>
              {t('record.holdings.allCopies', { count: copies.length })}
            </Anchor>
          </Group>
        </Stack>
      )}
    </section>
  );
}
