// /accounts: the user's accounts (docs/api.md); accounts a scenario event made are edited through the event.
import type { RouteDeps } from '../http';
import * as ledger from '../store/ledger';
import { crudRoutes } from './crud';

export const accountRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    entity: 'accounts',
    get: ledger.getAccount,
    create: ledger.createAccount,
    update: ledger.updateAccount,
    remove: ledger.deleteAccount,
  });
