export type { SearchEngine, SearchRequest, SearchResult } from './engine.ts';
export { searchRequest } from './engine.ts';
export { createPostgresSearchEngine } from './postgres-engine.ts';
export { searchRoutes } from './routes.ts';
export { stemConfigFor } from './query.ts';
export { compactIdentifier, toIsbn13 } from './isbn.ts';
