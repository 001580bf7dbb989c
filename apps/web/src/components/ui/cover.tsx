import { useState, type CSSProperties } from 'react';
import classes from './ui.module.css';

/** Where a cover is shown: each place has one fixed size, so nothing moves when an image arrives. */
export type CoverSize = 'line' | 'record';

/** The hue (0–359) of a title's generated cover: the same title always gets the same colour. */
export function coverHue(title: string): number {
  // FNV-1a over the UTF-16 units: cheap, stable across runs and browsers.
  let hash = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) {
    hash ^= title.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

interface CoverProps {
  title: string;
  author: string | null;
  /** Images to try in order (the record's own cover, then the institution's provider by ISBN). */
  sources: readonly string[];
  size: CoverSize;
  /** The image's text alternative; '' where the cover is decorative (a line whose heading names it). */
  alt: string;
}

/**
 * A title's cover in a box of fixed size: the first of `sources` that loads, else a cover drawn from
 * the title and author in a colour of its own (decision 0070). The drawn cover is underneath while
 * an image loads, so there is neither a grey box nor a shift.
 */
export function Cover({ title, author, sources, size, alt }: CoverProps) {
  const [failed, setFailed] = useState(0);
  // Another title (or list of sources) starts again from its first image.
  const [key, setKey] = useState(sources.join('\n'));
  if (key !== sources.join('\n')) {
    setKey(sources.join('\n'));
    setFailed(0);
  }
  const src = sources[failed];
  return (
    <div className={classes.cover} data-size={size} data-cover={src ? 'image' : 'generated'}>
      <div
        className={classes.generatedCover}
        style={{ '--cover-hue': coverHue(title) } as CSSProperties}
        aria-hidden="true"
      >
        <span className={classes.generatedTitle}>{title}</span>
        {author && <span className={classes.generatedAuthor}>{author}</span>}
      </div>
      {src && (
        <img
          key={src}
          src={src}
          alt={alt}
          className={classes.coverImage}
          loading="lazy"
          decoding="async"
          onError={() => setFailed((count) => count + 1)}
        />
      )}
    </div>
  );
}
