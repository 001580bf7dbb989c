import { NavLink } from 'react-router';
import classes from './ui.module.css';

/** One link of a tab bar. */
export interface TabLink {
  key: string;
  label: string;
  href: string;
}

/** A tab bar made of real links: each tab has its own URL; the open one carries aria-current="page". */
export function TabLinks({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <nav aria-label={label} className={classes.tabBar}>
      <ul className={classes.tabList}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <NavLink to={tab.href} end className={classes.tabLink}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
