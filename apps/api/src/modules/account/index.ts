export { accountRoutes } from './routes.ts';
export { createAccountService, EDITABLE_FIELDS_SETTING, YEARLY_RENEWAL_SETTING } from './service.ts';
export { runAccountCommand, ACCOUNT_COMMAND_USAGE } from './cli.ts';
