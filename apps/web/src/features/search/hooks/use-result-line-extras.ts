import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdditionalTitle, OnlineLink, ShelfPlace } from '@estante/contract';
import { getAdditionalTitlesQueryOptions } from '../api/get-additional-titles';
import { getResultLinksQueryOptions } from '../api/get-result-links';

/** What a result line shows besides its hit: other titles, online links, images, where it is on the shelf. */
export interface ResultLineExtras {
  additionalTitles: AdditionalTitle[];
  links: OnlineLink[];
  /** How many image links the title has (its cover included); 0 until known. */
  images: number;
  /** Its cover from the institution's provider by ISBN (decision 0070); null when none or not known yet. */
  isbnCover: string | null;
  /** Where its copies are on the shelf (decision 0070); null until known. */
  shelfPlaces: ShelfPlace[] | null;
}

/**
 * The extras of every line of a result page, in two requests for the whole page (not one per
 * line): additional titles, and online links with where the copies are on the shelf. Pass the page's
 * local title ids (not network hits).
 */
export function useResultLineExtras(ids: number[]): Map<number, ResultLineExtras> {
  const enabled = ids.length > 0;
  const titles = useQuery({ ...getAdditionalTitlesQueryOptions(ids), enabled });
  const links = useQuery({ ...getResultLinksQueryOptions(ids), enabled });
  return useMemo(() => {
    const extras = new Map<number, ResultLineExtras>();
    const entry = (id: number) => {
      let value = extras.get(id);
      if (!value) {
        value = { additionalTitles: [], links: [], images: 0, isbnCover: null, shelfPlaces: null };
        extras.set(id, value);
      }
      return value;
    };
    for (const item of titles.data ?? []) entry(item.cod_acervo).additionalTitles = item.titulos;
    for (const item of links.data ?? []) {
      const value = entry(item.cod_acervo);
      value.links = item.links;
      value.images = item.imagens;
      value.isbnCover = item.capa_isbn;
      value.shelfPlaces = item.disponivel_em;
    }
    return extras;
  }, [titles.data, links.data]);
}
