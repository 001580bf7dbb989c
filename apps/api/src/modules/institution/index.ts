export { institutionRoutes } from './routes.ts';
export { seedInstitutionContent } from './demo-content.ts';
export { runInstitutionCommand, INSTITUTION_USAGE } from './cli.ts';
export { readSettings, writeSetting } from './repository.ts';
export { institutionContentRoutes } from './content-routes.ts';
export { isbnCoverTemplate } from './presenters.ts';
