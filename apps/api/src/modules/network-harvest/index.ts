export { NETWORK_COMMAND_USAGE, runNetworkCommand } from './cli.ts';
export { harvestDueSources, startNetworkHarvestJob } from './jobs.ts';
export { networkSourceRoutes } from './routes.ts';
