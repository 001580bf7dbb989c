export { catalogueRoutes } from './routes.ts';
export { titleTabRoutes } from './tab-routes.ts';
export { resultLineRoutes } from './result-line-routes.ts';
export { findTitleSummaries, titleSummarySql, type TitleSummaryRow } from './repository.ts';
export { presentHit, presentOnlineLink, presentReference, referenceOf } from './presenters.ts';
export {
  saveTitle,
  saveTitles,
  saveAuthority,
  saveAuthorities,
  linkHoldings,
  linkHoldingsBatch,
} from './writer.ts';
export { recordPageHead } from './record-page.ts';
