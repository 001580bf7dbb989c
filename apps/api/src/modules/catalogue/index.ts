export { catalogueRoutes } from './routes.ts';
export { findTitleSummaries } from './repository.ts';
export { presentHit, presentReference, referenceOf } from './presenters.ts';
export { saveTitle, saveAuthority, linkHoldings } from './writer.ts';
