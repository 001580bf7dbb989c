import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { sanitizeHtml } from '../../lib/sanitize-html';
import classes from './institution-html.module.css';

/** HTML written by the institution (pages, FAQ answers, event descriptions), shown after DOMPurify cleans it. */
export function InstitutionHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography>
      {/* Safe: sanitised by DOMPurify just above. */}
      <div className={classes.html} dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
