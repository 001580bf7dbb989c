export { catalogueRoutes } from './routes.ts';
export { findTitleSummaries } from './repository.ts';
export { presentHit, referenceOf } from './presenters.ts';
export { saveTitle, saveAuthority, linkHoldings } from './writer.ts';
