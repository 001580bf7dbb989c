import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Text } from '@mantine/core';
import type { SearchHit } from '@estante/contract';
import { paths } from '../../../config/paths';
import classes from './compact-result-list.module.css';

interface CompactResultListProps {
  hits: SearchHit[];
  /** The institution's default image (GET /consulta/imagem-padrao), for titles without a cover. */
  defaultCoverUrl?: string | undefined;
  /** Accessible name of the list (the new acquisitions name theirs); unnamed like the detailed list otherwise. */
  label?: string | undefined;
  /** Number of the first hit, for later pages. */
  start?: number;
  /** True while the next page loads in its place. */
  busy?: boolean;
  /** A control before each hit's title (the basket's selection box). */
  renderHitSelect?: ((hit: SearchHit) => ReactNode) | undefined;
  /** Actions after each hit (the basket's toggle). */
  renderHitActions?: ((hit: SearchHit) => ReactNode) | undefined;
}

/**
 * Result display C (SPEC §3; the new acquisitions' default): a grid of covers, each with its title
 * linking to the record, the author and year, and the work type. Display D is ResultItem's lines.
 */
export function CompactResultList({
  hits,
  defaultCoverUrl,
  label,
  start,
  busy,
  renderHitSelect,
  renderHitActions,
}: CompactResultListProps) {
  return (
    <ol className={classes.covers} aria-label={label} start={start} aria-busy={busy}>
      {hits.map((hit) => {
        const cover = hit.link_capa ?? defaultCoverUrl;
        const select = renderHitSelect?.(hit);
        const actions = renderHitActions?.(hit);
        return (
          <li key={hit.cod_acervo} className={classes.coverItem}>
            {/* The title beside it names the cover: the image itself is decorative. */}
            {cover ? (
              <img className={classes.cover} src={cover} alt="" loading="lazy" />
            ) : (
              <div className={classes.cover} aria-hidden="true" />
            )}
            <Link to={paths.title.getHref(hit.cod_acervo)} className={classes.coverLink}>
              {hit.titulo}
            </Link>
            {(hit.autor || hit.ano_publicacao !== null) && (
              <Text size="sm">
                {[hit.autor, hit.ano_publicacao].filter((part) => part !== null && part !== '').join(', ')}
              </Text>
            )}
            {hit.desc_tipo_obra && (
              <Text size="xs" c="dimmed">
                {hit.desc_tipo_obra}
              </Text>
            )}
            {(select || actions) && (
              <div className={classes.coverTools}>
                {select}
                {actions}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
