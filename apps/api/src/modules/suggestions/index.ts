export { suggestionRoutes } from './routes.ts';
export { acquisitionRoutes } from './staff-routes.ts';
export { runSuggestionsCommand, SUGGESTIONS_COMMAND_USAGE } from './cli.ts';
export {
  catalogueSuggestion,
  moveSuggestion,
  quoteSuggestion,
  tellCataloguedSuggestions,
  type TellOptions,
} from './service.ts';
export { suggestionMatchKey } from './match-key.ts';
