export { networkRoutes } from './routes.ts';
export { findNetworkSummaries } from './repository.ts';
export { presentNetworkHit } from './presenters.ts';
export {
  ensureNetworkInstitution,
  saveNetworkRecord,
  UnnamedNetworkInstitution,
  type HarvestedFrom,
  type NetworkInstitutionInput,
} from './writer.ts';
