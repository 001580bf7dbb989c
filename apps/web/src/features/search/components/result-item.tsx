import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AdditionalTitle, AdditionalTitleType, SearchHit } from '@estante/contract';
import { paths } from '../../../config/paths';
import { useTitleImage } from '../api/get-title-images';
import type { ResultLineExtras } from '../hooks/use-result-line-extras';
import { shelfSummary } from '../utils/shelf-places';
import { Cover } from '../../../components/ui/cover';
import { FormatIcon, formatKind } from '../../../components/ui/format-icon';
import classes from './search.module.css';
import lineClasses from './result-item.module.css';

/** Label of each kind of additional title, in the order the line lists them. */
const ADDITIONAL_TITLE_LABEL = {
  uniforme: 'search.results.additionalTitles.uniforme',
  traduzido: 'search.results.additionalTitles.traduzido',
  variante: 'search.results.additionalTitles.variante',
  adicional: 'search.results.additionalTitles.adicional',
} as const satisfies Record<AdditionalTitleType, string>;

/** Online links shown on a line; the title page lists them all. */
const LINKS_SHOWN = 3;

const titleText = (title: AdditionalTitle) =>
  title.rotulo ? `${title.rotulo}: ${title.titulo}` : title.titulo;

/** The text of a link without a description: its host name, else the address. */
function linkText(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/**
 * The cover of a line, always in the same box: the hit's cover link, else its first image when the
 * page's extras say it has one, then the institution's provider by ISBN, else a cover drawn from the
 * title (decision 0070).
 */
function ResultCover({ hit, extras }: { hit: SearchHit; extras: ResultLineExtras | undefined }) {
  const image = useTitleImage(hit.cod_acervo, !hit.link_capa && (extras?.images ?? 0) > 0);
  const sources = [hit.link_capa ?? image?.url, extras?.isbnCover].filter((src): src is string => !!src);
  return (
    // Decorative: the title follows as the line's heading, so a screen reader need not hear it twice.
    <Cover title={hit.titulo} author={hit.autor} sources={sources} size="line" alt="" />
  );
}

/**
 * Where the title is on the shelf, by library, location and call number (decision 0070), once the
 * page's extras say; until then, or with nothing on the shelf, how many copies are available.
 */
function Availability({ hit, extras }: { hit: SearchHit; extras: ResultLineExtras | undefined }) {
  const { t } = useTranslation();
  const places = extras?.shelfPlaces ?? null;
  if (places && places.length > 0) {
    const { shown, more } = shelfSummary(places);
    return (
      <Text size="sm" className={`${classes.available} ${lineClasses.shelf}`}>
        <Text span fw={700} inherit>
          {t('search.results.shelf.label')}
        </Text>{' '}
        {shown.join('; ')}
        {more > 0 && (
          <>
            {' '}
            <span aria-hidden="true">{t('search.results.shelf.more', { count: more })}</span>
            <VisuallyHidden>{t('search.results.shelf.moreText', { count: more })}</VisuallyHidden>
          </>
        )}
      </Text>
    );
  }
  return (
    <Text size="sm" className={hit.exemplares_disponiveis > 0 && !places ? classes.available : undefined}>
      {hit.exemplares_total === 0
        ? t('search.results.noCopies')
        : t('search.results.availability', {
            count: hit.exemplares_total,
            available: hit.exemplares_disponiveis,
          })}
    </Text>
  );
}

/**
 * One title in a result list: title link, author, year, work type, call number, availability; with
 * the page's extras (one request per page, see useResultLineExtras) also its other titles, online
 * links and cover. The route may add a selection control before the title and actions after it.
 */
export function ResultItem({
  hit,
  extras,
  select,
  actions,
}: {
  hit: SearchHit;
  /** This line's share of useResultLineExtras; the line shows without it while it loads. */
  extras?: ResultLineExtras;
  select?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const details: { label: string; value: ReactNode; key: string }[] = [];
  const add = (key: string, label: string, value: ReactNode) => details.push({ key, label, value });
  if (hit.autor) add('author', t('search.results.author'), hit.autor);
  if (hit.ano_publicacao !== null) add('year', t('search.results.year'), String(hit.ano_publicacao));
  if (hit.desc_tipo_obra) {
    const isAccessible = hit.possui_acessibilidade === 'S';
    add(
      'workType',
      t('search.results.workType'),
      <>
        {/* The format's icon is decorative: the work type's text beside it names it. */}
        <FormatIcon kind={formatKind(hit.cod_tipo_obra, isAccessible)} />
        {isAccessible
          ? t('search.results.accessibleFormat', { type: hit.desc_tipo_obra })
          : hit.desc_tipo_obra}
      </>,
    );
  }
  if (hit.numero_chamada) add('callNumber', t('search.results.callNumber'), hit.numero_chamada);
  for (const type of Object.keys(ADDITIONAL_TITLE_LABEL) as AdditionalTitleType[]) {
    const titles = extras?.additionalTitles.filter((title) => title.tipo === type) ?? [];
    if (titles.length > 0) add(type, t(ADDITIONAL_TITLE_LABEL[type]), titles.map(titleText).join('; '));
  }
  const openLinks = extras?.links.filter((link) => !link.restrito) ?? [];
  const hasRestrictedLinks = extras?.links.some((link) => link.restrito) ?? false;

  return (
    <article className={`${classes.result} ${lineClasses.line}`}>
      <ResultCover hit={hit} extras={extras} />
      <div className={lineClasses.body}>
        <Group gap="xs" wrap="nowrap" align="baseline">
          {select}
          <Title order={3} fz="lg">
            <Link to={paths.title.getHref(hit.cod_acervo)} className={classes.resultLink}>
              {hit.titulo}
            </Link>
          </Title>
        </Group>
        {details.length > 0 && (
          <dl className={classes.details}>
            {details.map((detail) => (
              <div key={detail.key}>
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {(openLinks.length > 0 || hasRestrictedLinks) && (
          <Group gap="xs" component="p" className={lineClasses.links}>
            <Text span size="sm" fw={600}>
              {t('search.results.onlineAccess')}
            </Text>
            {openLinks.slice(0, LINKS_SHOWN).map((link) => (
              <Anchor
                key={link.seq_paragrafo}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                {link.descricao ?? linkText(link.url)}
                <VisuallyHidden>{t('search.results.newTab')}</VisuallyHidden>
              </Anchor>
            ))}
            {(hasRestrictedLinks || openLinks.length > LINKS_SHOWN) && (
              // Restricted links open through the title page, which asks for the access they need.
              <Anchor component={Link} to={paths.title.getHref(hit.cod_acervo)} size="sm">
                {t(hasRestrictedLinks ? 'search.results.restrictedAccess' : 'search.results.moreLinks')}
              </Anchor>
            )}
          </Group>
        )}
        <Availability hit={hit} extras={extras} />
        {actions && (
          <Group gap="xs" mt="xs">
            {actions}
          </Group>
        )}
      </div>
    </article>
  );
}
