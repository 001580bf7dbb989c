import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { TabOptionsProps } from './tabs/archive-options';
import type * as Advanced from './advanced-search-form';
import type * as Index from './index-browser';
import type * as Authority from './authority-search';
import type * as TeachingPlan from './tabs/teaching-plan-search';
import type * as NetworkItem from '../../network/components/network-result-item';
import { withAllTexts } from '../../../lib/i18n';

// Issue 18, a light first load: the home page paints the simple search tab. The parts below show
// only on another tab (advanced, authorities, teaching plan, network, a tab with options of its
// own), so each is its own chunk, fetched when that tab first shows. While it loads, a box of
// about its height holds its place, so what follows does not jump when it arrives.

/** The place of a part still loading: empty, of the given minimum height, marked busy. */
function Loading({ minHeight }: { minHeight: number }) {
  return <div aria-busy="true" style={{ minHeight }} />;
}

/** A named export of a module as a lazy component, drawn in a Suspense with a place holder. */
function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, minHeight: number) {
  const Part = lazy(async () => ({ default: await withAllTexts(load()) }));
  function LazyPart(props: P) {
    return (
      <Suspense fallback={<Loading minHeight={minHeight} />}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}

export const AdvancedSearchForm = lazyPart<ComponentProps<typeof Advanced.AdvancedSearchForm>>(
  async () => (await import('./advanced-search-form')).AdvancedSearchForm,
  480,
);
export const IndexBrowser = lazyPart<ComponentProps<typeof Index.IndexBrowser>>(
  async () => (await import('./index-browser')).IndexBrowser,
  120,
);
export const AuthoritySearch = lazyPart<ComponentProps<typeof Authority.AuthoritySearch>>(
  async () => (await import('./authority-search')).AuthoritySearch,
  160,
);
export const TeachingPlanSearch = lazyPart<ComponentProps<typeof TeachingPlan.TeachingPlanSearch>>(
  async () => (await import('./tabs/teaching-plan-search')).TeachingPlanSearch,
  160,
);

/** The option fields of the tabs that have some, each tab's own chunk. */
export const ArchiveOptions = lazyPart<TabOptionsProps>(
  async () => (await import('./tabs/archive-options')).ArchiveOptions,
  64,
);
export const NormativeActsOptions = lazyPart<TabOptionsProps>(
  async () => (await import('./tabs/normative-acts-options')).NormativeActsOptions,
  64,
);
export const JurisprudenceOptions = lazyPart<TabOptionsProps>(
  async () => (await import('./tabs/jurisprudence-options')).JurisprudenceOptions,
  64,
);
export const NewAcquisitionsOptions = lazyPart<TabOptionsProps>(
  async () => (await import('./tabs/new-acquisitions-options')).NewAcquisitionsOptions,
  64,
);

/** The network tab's hits and its list of institutions. */
export const NetworkResultItem = lazyPart<ComponentProps<typeof NetworkItem.NetworkResultItem>>(
  async () => (await import('../../network/components/network-result-item')).NetworkResultItem,
  48,
);
export const NetworkInstitutions = lazyPart<Record<string, never>>(
  async () => (await import('../../network/components/network-institutions')).NetworkInstitutions,
  0,
);
