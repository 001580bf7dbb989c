export type { SearchEngine, SearchRequest, SearchResult } from './engine.ts';
export { searchRequest } from './engine.ts';
export { createPostgresSearchEngine } from './postgres-engine.ts';
export { searchRoutes } from './routes.ts';
export { searchTabRoutes } from './tab-routes.ts';
export { searchAidRoutes } from './aids-routes.ts';
export { stemConfigFor } from './query.ts';
export { saveTabData } from './tab-data.ts';
export { compactIdentifier, toIsbn13 } from './isbn.ts';
