import type { ReactNode } from 'react';
import classes from './detail-list.module.css';

/** One label and its value; rows without a value are left out. */
export interface DetailRow {
  key: string;
  label: string;
  value: ReactNode | null | undefined;
}

/** Label/value pairs as a description list that stacks on narrow screens. */
export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  const shown = rows.filter((row) => row.value !== null && row.value !== undefined && row.value !== '');
  return (
    <dl className={classes.list}>
      {shown.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export { classes as detailClasses };
