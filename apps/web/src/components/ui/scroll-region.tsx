import type { ReactNode } from 'react';
import classes from './ui.module.css';

/**
 * A wide block (a table) that scrolls sideways on narrow screens instead of the page. It can take focus,
 * so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.scrollRegion} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
