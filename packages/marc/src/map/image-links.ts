import type { MarcRecord } from '../types.ts';
import { fieldsOf, indexRecord, subfieldValue, subfieldValues } from './extract.ts';
import { COVER_LABEL } from './map-title.ts';
import { trimPunctuation } from './punctuation.ts';

/** An image of the work linked from 856: its cover, or another picture (a photo, a page). */
export interface ImageLink {
  url: string;
  /** $3, $y and $z joined, or null. */
  description: string | null;
  /** True for the cover link (856 $3 "Capa", "Cover"…), the one `mapTitle` gives as coverUrl. */
  isCover: boolean;
}

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|bmp|tiff?)$/i;
const IMAGE_FORMAT = /^(image\/|jpe?g$|png$|gif$|webp$|tiff?$)/i;

/** True when the URL's path (query and fragment left out) names an image file. */
function isImageUrl(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  return IMAGE_FILE.test(path);
}

/**
 * The image links of a record, the cover first: 856 fields whose $3 names the cover, whose
 * $q (electronic format) is an image type, or whose $u points at an image file.
 */
export function imageLinks(record: MarcRecord): ImageLink[] {
  const rec = indexRecord(record);
  const covers: ImageLink[] = [];
  const others: ImageLink[] = [];
  const seen = new Set<string>();
  for (const field of fieldsOf(rec, '856')) {
    const label = subfieldValue(field, '3');
    const isCover = label !== null && COVER_LABEL.test(label);
    const format = subfieldValue(field, 'q')?.trim() ?? '';
    const description =
      subfieldValues(field, '3yz')
        .map((v) => trimPunctuation(v))
        .filter((d) => d !== '')
        .join('; ') || null;
    for (const raw of subfieldValues(field, 'u')) {
      const url = raw.trim();
      if (url === '' || seen.has(url)) continue;
      if (!isCover && !IMAGE_FORMAT.test(format) && !isImageUrl(url)) continue;
      seen.add(url);
      (isCover ? covers : others).push({ url, description, isCover });
    }
  }
  return [...covers, ...others];
}
