import { useEffect } from 'react';
import type { Title } from '@estante/contract';
import { serialiseJsonLd, titleCoins, titleJsonLd } from '../utils/machine-readable';

/**
 * What reference managers and search engines read from a record page: schema.org JSON-LD and a
 * COinS span (an empty span with class Z3988; nothing visible, nothing for screen readers).
 */
export function TitleMetadata({ title, permalink }: { title: Title; permalink: string }) {
  // The server writes the first record's JSON-LD into the page for crawlers (decision 0069); once the
  // app draws its own, which follows the reader from record to record, that copy goes.
  useEffect(() => {
    for (const script of document.head.querySelectorAll('script[data-page-metadata]')) script.remove();
  }, []);
  return (
    <>
      <script
        type="application/ld+json"
        // The JSON is escaped so that nothing in a record can close the script (serialiseJsonLd).
        dangerouslySetInnerHTML={{ __html: serialiseJsonLd(titleJsonLd(title, permalink)) }}
      />
      <span className="Z3988" title={titleCoins(title, permalink)} aria-hidden="true" />
    </>
  );
}
