// /recurring-items: the user's recurring income and expenses (docs/api.md).
import type { RouteDeps } from '../http';
import * as ledger from '../store/ledger';
import { crudRoutes } from './crud';

export const recurringItemRoutes = (deps: RouteDeps) =>
  crudRoutes(deps, {
    entity: 'recurring_items',
    get: ledger.getRecurringItem,
    create: ledger.createRecurringItem,
    update: ledger.updateRecurringItem,
    remove: ledger.deleteRecurringItem,
  });
