import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Text } from '@mantine/core';
import type { EditionHit, SearchHit } from '@estante/contract';
import { paths } from '../../../config/paths';
import type { ResultLineExtras } from '../hooks/use-result-line-extras';
import { ResultItem } from './result-item';
import classes from './work-group.module.css';

/** The format of an edition as the reader chooses it: its work type, and accessible when it is. */
function useFormatOf() {
  const { t } = useTranslation();
  return (edition: EditionHit): string => {
    const type = edition.desc_tipo_obra ?? edition.cod_tipo_obra ?? t('search.works.otherFormat');
    return edition.possui_acessibilidade === 'S' ? t('search.works.accessible', { format: type }) : type;
  };
}

/**
 * The choices of a grouped work (decision 0071): its formats, each leading to the best-ranked
 * edition in that format, and the list of its editions, opened on demand.
 */
function WorkChoices({ hit, editions }: { hit: SearchHit; editions: EditionHit[] }) {
  const { t } = useTranslation();
  const formatOf = useFormatOf();
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  // Editions come best-ranked first, so each format leads to its best edition.
  const formats = new Map<string, EditionHit>();
  for (const edition of editions) {
    const format = formatOf(edition);
    if (!formats.has(format)) formats.set(format, edition);
  }
  return (
    <div className={classes.choices}>
      {formats.size > 1 && (
        <div className={classes.formatsRow}>
          <Text span size="sm" fw={600}>
            {t('search.works.formats')}
          </Text>
          <ul className={classes.formats} aria-label={t('search.works.formatsOf', { title: hit.titulo })}>
            {[...formats].map(([format, edition]) => (
              <li key={format}>
                <Anchor component={Link} to={paths.title.getHref(edition.cod_acervo)} size="sm" fw={600}>
                  {format}
                </Anchor>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        classNames={{ root: classes.toggle, label: classes.toggleLabel }}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('search.works.editions', { count: editions.length })}
      </Button>
      <ul
        id={listId}
        className={classes.editions}
        hidden={!isOpen}
        aria-label={t('search.works.editionsOf', { title: hit.titulo })}
      >
        {editions.map((edition) => (
          <li key={edition.cod_acervo}>
            <Anchor component={Link} to={paths.title.getHref(edition.cod_acervo)} size="sm">
              {edition.ano_publicacao === null
                ? formatOf(edition)
                : t('search.works.edition', { format: formatOf(edition), year: edition.ano_publicacao })}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              {edition.exemplares_total === 0
                ? t('search.results.noCopies')
                : t('search.results.availability', {
                    count: edition.exemplares_total,
                    available: edition.exemplares_disponiveis,
                  })}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A work with several editions or formats as one result: its best-ranked edition's line (the
 * catalogue's ResultItem) with the work's formats and editions to choose.
 */
export function WorkGroup({
  hit,
  editions,
  extras,
  select,
  actions,
}: {
  hit: SearchHit;
  /** Every matched edition of the work, the best-ranked (`hit`) first. */
  editions: EditionHit[];
  extras?: ResultLineExtras;
  select?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <ResultItem
      hit={hit}
      extras={extras}
      select={select}
      actions={
        <>
          {actions}
          <WorkChoices hit={hit} editions={editions} />
        </>
      }
    />
  );
}
