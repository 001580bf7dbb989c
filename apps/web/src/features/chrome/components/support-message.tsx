import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { sanitizeHtml } from '../../../lib/sanitize-html';

/** The institution's support message (HTML from settings), sanitised with DOMPurify before it shows. */
export function SupportMessage({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography>
      {/* Safe: sanitised by DOMPurify just above. */}
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
